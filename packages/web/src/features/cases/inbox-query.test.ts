import { describe, expect, it } from 'vitest';
import { caseSearch, inboxQuery, listOf } from './inbox-query';

describe('inboxQuery', () => {
  it('turns a tab and the URL into the API query', () => {
    const search = new URLSearchParams('page=3&size=30&user=Μαρία&ordering=received_at&x=1');
    expect(Object.fromEntries(inboxQuery('incoming', search))).toEqual({
      limit: '30',
      offset: '60',
      status: 'incoming',
      user: 'Μαρία',
      ordering: 'received_at',
    });
  });

  it('asks for my pending cases on the `me` tab and falls back to 10 per page', () => {
    const query = inboxQuery('me', new URLSearchParams('size=7&page=zero'));
    expect(Object.fromEntries(query)).toEqual({
      limit: '10',
      offset: '0',
      status: 'pending',
      assignee_id: 'me',
    });
  });

  it('asks for new activity only for activity=new, never for another value', () => {
    expect(inboxQuery('all', new URLSearchParams('activity=new')).get('activity')).toBe('new');
    expect(inboxQuery('all', new URLSearchParams('activity=old')).has('activity')).toBe(false);
    expect(inboxQuery('all', new URLSearchParams('')).has('activity')).toBe(false);
  });

  it('asks for the cases waiting for an opinion only for opinions=pending', () => {
    expect(inboxQuery('all', new URLSearchParams('opinions=pending')).get('opinions')).toBe(
      'pending',
    );
    expect(inboxQuery('all', new URLSearchParams('opinions=given')).has('opinions')).toBe(false);
  });
});

describe('caseSearch and listOf', () => {
  it('carry the tab and the filters from the list to the case and back', () => {
    const list = new URLSearchParams('case=2026/000001&page=2');
    const onCase = new URLSearchParams(caseSearch('pending', list));
    expect(onCase.get('tab')).toBe('pending');
    const back = listOf(onCase);
    expect(back.tab).toBe('pending');
    expect(back.search.toString()).toBe(list.toString());
    expect(caseSearch('all', list)).toBe(list.toString());
    expect(listOf(new URLSearchParams('tab=bogus')).tab).toBe('all');
  });
});

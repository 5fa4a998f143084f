import { describe, expect, it } from 'vitest';
import { annotationColumnField, inboxColumns, inboxColumnsParam } from './inbox-columns';

const F1 = '0b7c8a9e-1f2d-4c3b-9a8e-7d6c5b4a3f21';
const F2 = '1b7c8a9e-1f2d-4c3b-9a8e-7d6c5b4a3f22';

describe('inboxColumns', () => {
  it('is the four standard columns without a choice', () => {
    expect(inboxColumns(null, [F1])).toEqual(['status', 'template', 'name', 'assignee']);
    expect(inboxColumns('', [F1])).toEqual(['status', 'template', 'name', 'assignee']);
  });

  it('keeps the order asked, drops repeats, unknown names and deleted fields', () => {
    expect(inboxColumns(`name,annotation:${F2},status,name,colour,annotation:${F1}`, [F1])).toEqual(
      ['name', 'status', `annotation:${F1}`],
    );
    expect(inboxColumns('colour', [F1])).toEqual(['status', 'template', 'name', 'assignee']);
  });

  it('writes the standard four as no parameter, and any other choice as a list', () => {
    expect(inboxColumnsParam(['status', 'template', 'name', 'assignee'])).toBeNull();
    expect(inboxColumnsParam(['name', `annotation:${F1}`])).toBe(`name,annotation:${F1}`);
    expect(annotationColumnField(`annotation:${F1}`)).toBe(F1);
    expect(annotationColumnField('status')).toBeNull();
  });
});

import { describe, expect, it } from 'vitest';
import { documentSummary } from './document-summary';

const template = {
  fields: [
    { key: 'firstname', component: 'string' },
    { key: 'notes', component: 'text' },
    { key: 'statement', component: 'text' },
  ],
} as unknown as Parameters<typeof documentSummary>[0];

describe('documentSummary', () => {
  it('takes the first filled free-text field, on one line', () => {
    expect(
      documentSummary(template, {
        firstname: 'ΜΑΡΙΑ',
        notes: '   ',
        statement: 'Δηλώνω ότι\n\nδιαμένω  στην Αθήνα.',
      }),
    ).toBe('Δηλώνω ότι διαμένω στην Αθήνα.');
  });

  it('cuts a long text at a word and marks the cut', () => {
    const long = 'λέξη '.repeat(40);
    const summary = documentSummary(template, { statement: long }, 30);
    expect(summary).toBe('λέξη λέξη λέξη λέξη λέξη λέξη…');
    expect((summary ?? '').length).toBeLessThanOrEqual(31);
  });

  it('is null when no free text was filled, or the value is not text', () => {
    expect(documentSummary(template, { firstname: 'ΜΑΡΙΑ' })).toBeNull();
    expect(documentSummary(template, { statement: 42 })).toBeNull();
  });
});

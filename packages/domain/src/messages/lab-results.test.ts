import { describe, expect, it } from 'vitest';
import { LAB_TEXT_LIMITS, parseLabResults, splitDoctorNotes, truncateLabText } from './lab-results';

describe('lab results (spec sections 3 and 9)', () => {
  it('keeps a text within its limit and cuts a longer one at the limit minus 20, with dots', () => {
    const seventy = 'α'.repeat(70);
    expect(truncateLabText(seventy, LAB_TEXT_LIMITS.description)).toBe(seventy);
    const longer = 'β'.repeat(71);
    expect(truncateLabText(longer, LAB_TEXT_LIMITS.description)).toBe(`${'β'.repeat(50)}...`);
    expect(truncateLabText('x'.repeat(51), LAB_TEXT_LIMITS.value)).toBe(`${'x'.repeat(30)}...`);
    expect(truncateLabText('y'.repeat(31), LAB_TEXT_LIMITS.extra_field)).toBe(
      `${'y'.repeat(10)}...`,
    );
  });

  it('counts characters as seen, not UTF-16 units', () => {
    const emoji = '🧪'.repeat(31);
    expect(truncateLabText(emoji, 30)).toBe(`${'🧪'.repeat(10)}...`);
  });

  it('the doctor notes start at ΠΑΡΑΤΗΡΗΣΕΙΣ and take everything after it', () => {
    const indicators = [
      { description: 'Αιμοσφαιρίνη', value: '14.1', unit: 'g/dL' },
      { description: 'Σάκχαρο', value: '92', unit: 'mg/dL' },
      { description: 'ΠΑΡΑΤΗΡΗΣΕΙΣ' },
      { description: 'Επανάληψη σε 6 μήνες.' },
    ];
    const { measurements, notes } = splitDoctorNotes(indicators);
    expect(measurements.map((i) => i.description)).toEqual(['Αιμοσφαιρίνη', 'Σάκχαρο']);
    expect(notes.map((i) => i.description)).toEqual(['ΠΑΡΑΤΗΡΗΣΕΙΣ', 'Επανάληψη σε 6 μήνες.']);
  });

  it('without the marker there are no notes', () => {
    const { measurements, notes } = splitDoctorNotes([{ description: 'Σάκχαρο', value: '92' }]);
    expect(measurements).toHaveLength(1);
    expect(notes).toEqual([]);
  });

  it('parses the shape, and answers null for none or another shape', () => {
    expect(parseLabResults(undefined)).toBeNull();
    expect(parseLabResults({ titles: 'no' })).toBeNull();
    expect(parseLabResults({ titles: ['Γενική αίματος'], results: [{ indicators: [] }] })).toEqual({
      titles: ['Γενική αίματος'],
      results: [{ indicators: [] }],
    });
  });
});

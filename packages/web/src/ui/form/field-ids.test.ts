import { describe, expect, it } from 'vitest';
import { controlAria, describedBy, errorId, hintId } from './field-ids';

describe('field ids', () => {
  it('derives the hint and error ids from the control id', () => {
    expect(hintId('afm')).toBe('afm-hint');
    expect(errorId('afm')).toBe('afm-error');
  });

  it('joins the ids that apply, and gives none when none does', () => {
    expect(describedBy('a-hint', false, null, undefined, 'a-count')).toBe('a-hint a-count');
    expect(describedBy(false, null)).toBeUndefined();
  });

  it("wires a control's aria: hint, then error, then anything extra", () => {
    expect(controlAria('afm', { hasHint: true, hasError: true, extra: 'afm-count' })).toEqual({
      'aria-describedby': 'afm-hint afm-error afm-count',
      'aria-invalid': true,
    });
    expect(controlAria('afm', { hasHint: false, hasError: false })).toEqual({
      'aria-describedby': undefined,
      'aria-invalid': undefined,
    });
  });
});

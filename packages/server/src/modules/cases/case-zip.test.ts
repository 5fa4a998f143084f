import { describe, expect, it } from 'vitest';
import { zipSafeName } from './case-zip';

describe('names in a case ZIP', () => {
  it('keeps letters and drops paths, control and reserved characters', () => {
    expect(zipSafeName('Βεβαίωση σπουδών.pdf')).toBe('Βεβαίωση σπουδών.pdf');
    expect(zipSafeName('../../etc/passwd')).toBe('__.._etc_passwd');
    expect(zipSafeName('a\u0000b\u001fc:d*e?.pdf')).toBe('a_b_c_d_e_.pdf');
    expect(zipSafeName('   ')).toBe('file');
    expect(zipSafeName('x'.repeat(300))).toHaveLength(120);
  });
});

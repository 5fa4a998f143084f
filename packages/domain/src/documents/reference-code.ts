/**
 * Reference codes of issued documents (DESIGN section 5): 15 random symbols of Crockford's
 * base 32 (75 bits, unguessable) plus one check symbol (Luhn mod 32), shown in four groups of
 * four: `7KQ2-M9XD-H3RT-0B5C`. The check symbol catches every single mistyped symbol and almost
 * every swap of two neighbours before any look-up.
 */

/** Crockford's base 32: no I, L, O or U, so the code reads aloud and types without ambiguity. */
const ALPHABET = '0123456789ABCDEFGHJKMNPQRSTVWXYZ';
const BASE = ALPHABET.length;
export const REFERENCE_CODE_DATA_LENGTH = 15;
export const REFERENCE_CODE_LENGTH = REFERENCE_CODE_DATA_LENGTH + 1;
/** Random bytes needed for one code (75 bits rounded up). */
export const REFERENCE_CODE_RANDOM_BYTES = 10;

function checkSymbol(data: string): string {
  // Luhn mod N, walking from the right: every second symbol doubled, digits of the result summed in base N.
  let factor = 2;
  let sum = 0;
  for (let index = data.length - 1; index >= 0; index -= 1) {
    const addend = factor * ALPHABET.indexOf(data.charAt(index));
    sum += Math.floor(addend / BASE) + (addend % BASE);
    factor = factor === 2 ? 1 : 2;
  }
  return ALPHABET.charAt((BASE - (sum % BASE)) % BASE);
}

/** A new code from at least 10 random bytes (the server passes crypto.randomBytes). */
export function referenceCodeFromRandomBytes(bytes: Uint8Array): string {
  if (bytes.length < REFERENCE_CODE_RANDOM_BYTES) {
    throw new Error(`a reference code needs ${REFERENCE_CODE_RANDOM_BYTES} random bytes`);
  }
  let bits = 0n;
  for (const byte of bytes.subarray(0, REFERENCE_CODE_RANDOM_BYTES)) {
    bits = (bits << 8n) | BigInt(byte);
  }
  let data = '';
  for (let index = 0; index < REFERENCE_CODE_DATA_LENGTH; index += 1) {
    data = ALPHABET.charAt(Number(bits & 31n)) + data;
    bits >>= 5n;
  }
  return data + checkSymbol(data);
}

/** `7KQ2M9XDH3RT0B5C` → `7KQ2-M9XD-H3RT-0B5C`; a code already grouped stays as it is. */
export function formatReferenceCode(code: string): string {
  const bare = code.replaceAll('-', '');
  return bare.match(/.{1,4}/g)?.join('-') ?? bare;
}

/**
 * Greek capitals that look like Latin ones: typed on a Greek keyboard, or copied out of a PDF
 * whose font draws both with one glyph, they still read as the code.
 */
const GREEK_LOOK_ALIKES: Record<string, string> = {
  Α: 'A',
  Β: 'B',
  Ε: 'E',
  Ζ: 'Z',
  Η: 'H',
  Ι: 'I',
  Κ: 'K',
  Μ: 'M',
  Ν: 'N',
  Ο: 'O',
  Ρ: 'P',
  Τ: 'T',
  Υ: 'Y',
  Χ: 'X',
};

export type ReferenceCodeParse =
  { ok: true; code: string } | { ok: false; reason: 'empty' | 'malformed' | 'check' };

/**
 * Reads a code as a person typed it: case, spaces and dashes do not matter, and the letters
 * Crockford maps (I and L to 1, O to 0) and Greek look-alike capitals are accepted. Answers the canonical code, or why not.
 */
export function parseReferenceCode(input: string): ReferenceCodeParse {
  const compact = input.replace(/[\s\-‐-―]/g, '').toUpperCase();
  if (compact === '') return { ok: false, reason: 'empty' };
  const canonical = [...compact]
    .map((symbol) => GREEK_LOOK_ALIKES[symbol] ?? symbol)
    .join('')
    .replace(/[IL]/g, '1')
    .replace(/O/g, '0');
  if (
    canonical.length !== REFERENCE_CODE_LENGTH ||
    [...canonical].some((c) => !ALPHABET.includes(c))
  ) {
    return { ok: false, reason: 'malformed' };
  }
  const data = canonical.slice(0, REFERENCE_CODE_DATA_LENGTH);
  if (checkSymbol(data) !== canonical.charAt(REFERENCE_CODE_DATA_LENGTH)) {
    return { ok: false, reason: 'check' };
  }
  return { ok: true, code: canonical };
}

/**
 * Greek to Latin by ELOT 743 (the Greek standard used on passports), and the folded forms the
 * service compares names by: a name from a bank written SMITH or PAPADOPOULOU and the registry's
 * ΠΑΠΑΔΟΠΟΥΛΟΥ are compared as the same script, without accents and case. The dashboard's
 * citizen-name search folds with the same functions.
 */

const LETTERS: Record<string, string> = {
  Α: 'A', Β: 'V', Γ: 'G', Δ: 'D', Ε: 'E', Ζ: 'Z', Η: 'I', Θ: 'TH', Ι: 'I', Κ: 'K', Λ: 'L',
  Μ: 'M', Ν: 'N', Ξ: 'X', Ο: 'O', Π: 'P', Ρ: 'R', Σ: 'S', Τ: 'T', Υ: 'Y', Φ: 'F', Χ: 'CH',
  Ψ: 'PS', Ω: 'O',
}; // prettier-ignore

// After ΑΥ, ΕΥ, ΗΥ the Υ is F before these (voiceless consonants) and at the end, else V.
const VOICELESS = new Set(['Θ', 'Κ', 'Ξ', 'Π', 'Σ', 'Τ', 'Φ', 'Χ', 'Ψ']);
const GREEK_LETTER = /\p{Script=Greek}/u;

/** Upper case without accents; a diaeresis is kept apart (Ϊ, Ϋ) as it changes the reading. */
function upperWithoutAccents(text: string): string {
  return text
    .normalize('NFD')
    .replace(/[\u0300-\u0307\u0309-\u036f]/g, '') // every combining mark but the diaeresis
    .toUpperCase()
    .replace(/ς/g, 'Σ');
}

/** ELOT 743 transliteration of Greek letters; other characters are kept (upper-cased). */
export function transliterateElot743(text: string): string {
  const chars = [...upperWithoutAccents(text)];
  const isLetterAt = (i: number) => GREEK_LETTER.test(chars[i] ?? '');
  let out = '';
  for (let i = 0; i < chars.length; i += 1) {
    const c = chars[i] ?? '';
    const next = chars[i + 1] ?? '';
    const hasDiaeresis = next === '\u0308';
    if (c === '\u0308') continue;
    const wordStart = !isLetterAt(i - 1);
    const wordEnd = !isLetterAt(i + 2);
    if (!hasDiaeresis) {
      if (c === 'Ο' && next === 'Υ' && chars[i + 2] !== '\u0308') {
        out += 'OU';
        i += 1;
        continue;
      }
      if ((c === 'Α' || c === 'Ε' || c === 'Η') && next === 'Υ' && chars[i + 2] !== '\u0308') {
        const after = chars[i + 2] ?? '';
        out += LETTERS[c] + (!isLetterAt(i + 2) || VOICELESS.has(after) ? 'F' : 'V');
        i += 1;
        continue;
      }
      if (c === 'Μ' && next === 'Π') {
        out += wordStart || wordEnd ? 'B' : 'MP';
        i += 1;
        continue;
      }
      if (c === 'Ν' && next === 'Τ') {
        out += wordStart || wordEnd ? 'D' : 'NT';
        i += 1;
        continue;
      }
      if (c === 'Γ' && (next === 'Γ' || next === 'Ξ' || next === 'Χ')) {
        out += next === 'Γ' ? 'NG' : next === 'Ξ' ? 'NX' : 'NCH';
        i += 1;
        continue;
      }
    }
    out += LETTERS[c] ?? c;
  }
  return out;
}

/** A name in one comparable form: Latin (ELOT 743), upper case, letters and single spaces. */
export function foldName(text: string): string {
  return transliterateElot743(text)
    .normalize('NFD')
    .replace(/\p{M}/gu, '')
    .replace(/[^A-Z0-9]+/g, ' ')
    .trim();
}

/**
 * The key two spellings of one name share: beyond ELOT 743, the variants other
 * transliterations use (AV/AF, MP/B, NT/D, NG/GG/GK/G, CH/H, Y/I, doubled letters) are made one.
 */
export function nameKey(text: string): string {
  return foldName(text)
    .replace(/([AEI])F/g, '$1V')
    .replace(/MP/g, 'B')
    .replace(/NT/g, 'D')
    .replace(/NG|G[KG]/g, 'G')
    .replace(/CH|KH/g, 'H')
    .replace(/Y/g, 'I')
    .replace(/([A-Z])\1+/g, '$1');
}

/** Whether two spellings, in any script, name the same person (accents and case ignored). */
export function isSameName(a: string, b: string): boolean {
  return nameKey(a) === nameKey(b);
}

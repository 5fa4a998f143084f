import { describe, expect, it } from 'vitest';
import { foldName, isSameName, transliterateElot743 } from './elot743';

describe('ELOT 743', () => {
  it.each([
    ['ΠΑΠΑΔΟΠΟΥΛΟΥ', 'PAPADOPOULOU'],
    ['Ιωάννης', 'IOANNIS'],
    ['ΕΥΑΓΓΕΛΟΣ', 'EVANGELOS'],
    ['ΕΥΘΥΜΙΟΣ', 'EFTHYMIOS'],
    ['ΑΥΓΟΥΣΤΙΝΟΣ', 'AVGOUSTINOS'],
    ['ΜΠΑΚΟΓΙΑΝΝΗΣ', 'BAKOGIANNIS'],
    ['ΛΑΜΠΡΟΣ', 'LAMPROS'],
    ['ΝΤΟΚΟΣ', 'DOKOS'],
    ['ΚΑΝΤΑΡΟΣ', 'KANTAROS'],
    ['ΧΑΤΖΗΣ', 'CHATZIS'],
    ['ΨΑΡΡΑΣ', 'PSARRAS'],
    ['ΘΕΟΔΩΡΟΣ', 'THEODOROS'],
    ['Ξανθή', 'XANTHI'],
    ['ΚΩΝΣΤΑΝΤΙΝΟΣ', 'KONSTANTINOS'],
    ['ΜΑΪΟΣ', 'MAIOS'],
    ['ΠΡΩΤΕΥΟΥΣΑ', 'PROTEVOUSA'],
    ['ΣΥΓΧΡΟΝΟΣ', 'SYNCHRONOS'],
  ])('%s → %s', (greek, latin) => {
    expect(transliterateElot743(greek)).toBe(latin);
  });

  it('keeps Latin text, upper-cased, and folds punctuation to single spaces', () => {
    expect(foldName('  smith-Jones ')).toBe('SMITH JONES');
    expect(foldName('Παπαδοπούλου  Μαρία')).toBe('PAPADOPOULOU MARIA');
  });
});

describe('isSameName', () => {
  it.each([
    ['ΠΑΠΑΔΟΠΟΥΛΟΥ', 'PAPADOPOULOU'],
    ['ΠΑΠΑΔΟΠΟΥΛΟΥ', 'Παπαδοπούλου'],
    ['ΙΩΑΝΝΙΔΗΣ', 'IOANNIDIS'],
    ['ΕΥΑΓΓΕΛΟΥ', 'EVANGELOU'],
    ['ΕΥΑΓΓΕΛΟΥ', 'EVAGGELOU'],
    ['ΜΠΑΚΟΓΙΑΝΝΗΣ', 'MPAKOGIANNIS'],
    ['ΧΑΤΖΗΣ', 'HATZIS'],
    ['ΔΗΜΗΤΡΙΟΥ', 'DIMITRIOU'],
  ])('%s and %s are one name', (a, b) => {
    expect(isSameName(a, b)).toBe(true);
  });

  it.each([
    ['ΠΑΠΑΔΟΠΟΥΛΟΥ', 'SMITH'],
    ['ΠΑΠΑΔΟΠΟΥΛΟΥ', 'PAPADOPOULOS'],
    ['ΙΩΑΝΝΙΔΗΣ', 'ΙΩΑΝΝΟΥ'],
    ['SMITH', 'SMYTHE'],
    ['ΠΑΠΑΔΟΠΟΥΛΟΥ', ''],
  ])('%s and %s are not', (a, b) => {
    expect(isSameName(a, b)).toBe(false);
  });
});

/** The fixed Greek wording of the issued PDF (the document itself is always in Greek). */
export const PDF_LABELS = {
  recipient: 'ΠΡΟΣ:',
  issuedAt: 'Ημερομηνία έκδοσης:',
  issuer: 'Εκδότης:',
  /** The issuer of an anonymous document (issue #37). */
  anonymousIssuer: 'Μη ταυτοποιημένος (ανώνυμη χρήση)',
  referenceCode: 'Κωδικός επαλήθευσης:',
  validationHint: 'Επαληθεύστε το έγγραφο σαρώνοντας τον κωδικό QR ή στη διεύθυνση:',
  page: (page: number, pages: number) => `Σελίδα ${page} από ${pages}`,
  sealReason: 'Ηλεκτρονική σφραγίδα της υπηρεσίας',
} as const;

export const PDF_METADATA = {
  author: 'Dilosi',
  creator: 'Dilosi',
} as const;

/**
 * The note above a translation's section: for information only, the Greek text is authentic.
 * Written here, as the Greek labels are, so that the PDF never depends on the web's catalogs.
 */
export const PDF_TRANSLATION_NOTES = {
  en: 'English translation, for information only. The Greek text above is the authentic text of this document.',
  fr: 'Traduction française, pour information seulement. Le texte grec ci-dessus est le texte authentique de ce document.',
} as const;
export type PdfTranslationLocale = keyof typeof PDF_TRANSLATION_NOTES;

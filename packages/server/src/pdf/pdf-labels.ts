/** The fixed Greek wording of the issued PDF (the document itself is always in Greek). */
export const PDF_LABELS = {
  recipient: 'ΠΡΟΣ:',
  issuedAt: 'Ημερομηνία έκδοσης:',
  issuer: 'Εκδότης:',
  referenceCode: 'Κωδικός επαλήθευσης:',
  validationHint: 'Επαληθεύστε το έγγραφο σαρώνοντας τον κωδικό QR ή στη διεύθυνση:',
  page: (page: number, pages: number) => `Σελίδα ${page} από ${pages}`,
  sealReason: 'Ηλεκτρονική σφραγίδα της υπηρεσίας',
} as const;

export const PDF_METADATA = {
  author: 'Dilosi',
  creator: 'Dilosi',
} as const;

import type { ValidationContext } from '@dilosi/domain';

/**
 * The validation contexts (spec section 2): the page a validator opens, its languages and texts.
 * `default` is the Greek-only public page; `international` serves validators abroad in el, en
 * and fr. VALIDATION_DEFAULT_CONTEXT names the one /validate opens.
 */
export const VALIDATION_CONTEXTS: readonly ValidationContext[] = [
  {
    id: 'default',
    languages: ['el'],
    more_languages: 'international',
    title: {
      el: 'Επαλήθευση εγγράφου',
      en: 'Document validation',
      fr: 'Vérification de document',
    },
    description: {
      el: 'Ελέγξτε ότι ένα έγγραφο εκδόθηκε από την υπηρεσία, με τον κωδικό επαλήθευσης, τον κωδικό QR ή το αρχείο PDF του.',
      en: 'Check that a document was issued by the service, by its verification code, its QR code or its PDF file.',
      fr: 'Vérifiez qu’un document a été délivré par le service, par son code de vérification, son code QR ou son fichier PDF.',
    },
  },
  {
    id: 'international',
    languages: ['el', 'en', 'fr'],
    title: {
      el: 'Επαλήθευση εγγράφου',
      en: 'Document validation',
      fr: 'Vérification de document',
    },
    description: {
      el: 'Για φορείς και πολίτες εντός και εκτός Ελλάδας: ελέγξτε ότι ένα έγγραφο εκδόθηκε από την υπηρεσία.',
      en: 'For bodies and citizens in Greece and abroad: check that a document was issued by the service.',
      fr: 'Pour les organismes et les citoyens, en Grèce et à l’étranger : vérifiez qu’un document a été délivré par le service.',
    },
  },
];

const byId = new Map(VALIDATION_CONTEXTS.map((context) => [context.id, context]));

export function findValidationContext(id: string): ValidationContext | undefined {
  return byId.get(id);
}

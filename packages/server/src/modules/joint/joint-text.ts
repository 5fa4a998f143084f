import crypto from 'node:crypto';
import {
  formatAthensDateTime,
  renderDocumentPreview,
  type DocumentPreview,
  type LocalizedText,
  type Recipient,
  type Template,
} from '@dilosi/domain';
import type { DocumentRow } from '../../db/schema';
import type { SignatoryRow } from './joint-queries';

/** The text every signatory reads and signs, exactly as the document will be issued. */
export function jointPreview(template: Template, document: DocumentRow): DocumentPreview {
  return renderDocumentPreview(
    template,
    document.values,
    (document.recipient as Recipient | null) ?? null,
  );
}

/**
 * SHA-256 of that text as issued, its values in Greek (their other languages follow from them
 * and the template's version): each signature (and her SMS code) is bound to it. Written as the
 * preview was before it carried its values in every language, so a consent opened then keeps its
 * digest.
 */
export function jointTextDigest(preview: DocumentPreview): string {
  const issued = {
    ...preview,
    rows: preview.rows.map((row) => ({ label: row.label, value: row.value.el })),
    ...(preview.table
      ? {
          table: {
            columns: preview.table.columns,
            rows: preview.table.rows.map((row) => row.map((cell) => cell.el)),
          },
        }
      : {}),
  };
  return crypto.createHash('sha256').update(JSON.stringify(issued)).digest('hex');
}

/** The role of the signatory at `position` (0 is the author). */
export function roleOf(template: Template, position: number): LocalizedText {
  const joint = template.joint;
  if (!joint) return { el: '', en: '', fr: '' };
  return position === 0 ? joint.author_role : joint.role;
}

/**
 * What the issued PDF adds to the text (issue #35): every signatory with the time of her
 * signature, and that the document became valid only once all had signed.
 */
export function signaturesParagraphs(
  template: Template,
  signatories: readonly SignatoryRow[],
): LocalizedText[] {
  const lines = signatories.map((row) => {
    const role = roleOf(template, row.position);
    const at = row.signed_at ? formatAthensDateTime(new Date(row.signed_at)) : '—';
    const name = `${row.firstname} ${row.surname}`;
    return {
      el: `${row.position + 1}. ${name} (ΑΦΜ ${row.afm}), ${role.el}: υπέγραψε με κωδικό SMS στις ${at}.`,
      en: `${row.position + 1}. ${name} (AFM ${row.afm}), ${role.en}: signed with an SMS code on ${at}.`,
      fr: `${row.position + 1}. ${name} (AFM ${row.afm}), ${role.fr} : a signé par code SMS le ${at}.`,
    };
  });
  const last = signatories
    .map((row) => (row.signed_at ? new Date(row.signed_at).getTime() : 0))
    .reduce((a, b) => Math.max(a, b), 0);
  const validAt = formatAthensDateTime(new Date(last));
  return [
    {
      el: 'Κοινή δήλωση. Την υπογράφουν:',
      en: 'Joint declaration. It is signed by:',
      fr: 'Déclaration conjointe. Elle est signée par :',
    },
    ...lines,
    {
      el: `Η δήλωση ισχύει μόνο αφού την υπέγραψαν όλοι οι παραπάνω· έγινε έγκυρη στις ${validAt}, με την τελευταία υπογραφή.`,
      en: `The declaration is valid only because all of the above signed it; it became valid on ${validAt}, with the last signature.`,
      fr: `La déclaration n’est valable que parce que toutes les personnes ci-dessus l’ont signée ; elle est devenue valable le ${validAt}, avec la dernière signature.`,
    },
  ];
}

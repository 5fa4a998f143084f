import { formatReferenceCode, type TemplateType, type ValidatedDocument } from '@dilosi/domain';
import { now } from '../../clock';
import type { ValidationServices } from './validation-services';

/** A row of the look-up: a document (issued or revoked) or the tombstone of a deleted one. */
export type ValidationRow = {
  id: string | null;
  state: 'issued' | 'revoked' | 'deleted';
  is_official: boolean | null;
  issued_at: Date | string | null;
  type: string | null;
  template_refname: string | null;
  template_version: number | null;
  /** Whether the owner was identified: false for an anonymous document (issue #37). */
  issuer_identified: boolean | null;
};

/**
 * One indexed query for every answer: documents.reference_code and
 * document_tombstones.reference_code are both unique indexes, and a code is in at most one of
 * them. Drafts never carry a code; the state filter only keeps this true by construction.
 */
const LOOKUP_SQL = `
  select documents.id::text as id, state, is_official, issued_at, documents.type,
         template_refname, template_version,
         (users.anonymous_subject is null) as issuer_identified
    from documents
    left join users on users.id = documents.owner_id
   where reference_code = $1 and state in ('issued', 'revoked')
  union all
  select null, 'deleted', null, issued_at, null, null, null, null
    from document_tombstones
   where reference_code = $1
  limit 1`;

/**
 * A code that passes no check symbol (all zeros check to 0, not Z): never stored, so looking it
 * up costs what looking up an unknown valid code costs.
 */
export const NEVER_ISSUED_CODE = '000000000000000Z';

export async function lookupReferenceCode(
  services: Pick<ValidationServices, 'database'>,
  code: string,
): Promise<ValidationRow | null> {
  // A prepared statement on PostgreSQL: parsing and planning the union each time cost more
  // than running it (~6,500 → ~17,000 look-ups/s from one pool on the 2-core bench machine).
  const { rows } = await services.database.query<ValidationRow>(LOOKUP_SQL, [code], {
    name: 'validation-lookup-issuer',
  });
  return rows[0] ?? null;
}

/** The public validation address: what the PDF's QR code holds (documents/document-extras.ts). */
export function validationUrl(publicUrl: string, code: string): string {
  return `${publicUrl}/show/${code}`;
}

const iso = (value: Date | string | null) =>
  value === null ? null : new Date(value).toISOString();

/**
 * The validation view (spec section 2): status, issue date, template code, PDF download, the
 * invalid marker (is_official false) and the QR of official documents. A revoked document shows
 * only its code and state; values of the document never leave here.
 */
export async function toValidatedDocument(
  services: Pick<ValidationServices, 'catalog' | 'config' | 'pdfLink' | 'database'>,
  code: string,
  row: ValidationRow & { state: 'issued' | 'revoked' },
): Promise<ValidatedDocument> {
  const referenceCode = formatReferenceCode(code);
  if (row.state === 'revoked') return { reference_code: referenceCode, state: 'revoked' };
  const { catalog, config } = services;
  // Kept in memory after the first look-up of each template version.
  const template =
    row.template_refname !== null && row.template_version !== null
      ? await catalog.definition(row.template_refname, row.template_version)
      : null;
  const isOfficial = row.is_official === true;
  const url = isOfficial ? validationUrl(config.publicUrl, code) : null;
  return {
    reference_code: referenceCode,
    state: 'issued',
    is_official: isOfficial,
    issuer_identified: row.issuer_identified !== false,
    issued_at: iso(row.issued_at),
    type: (row.type ?? template?.type) as TemplateType | undefined,
    ...(template
      ? {
          template: {
            refname: template.refname,
            code: template.code,
            shortname: template.shortname,
          },
        }
      : {}),
    qrcode: url,
    validation_url: url,
    pdf: row.id ? services.pdfLink(row.id, now()) : null,
    // Only a joint template's documents cost the extra query (the look-up stays one query).
    ...(template?.joint && row.id ? { signatories: await jointSignatories(services, row.id) } : {}),
  };
}

/**
 * The signatories of a joint declaration's fully signed consent, the author first, each with the
 * time of her signature (issue #35). A document is issued only once its consent is fully signed.
 */
async function jointSignatories(
  services: Pick<ValidationServices, 'database'>,
  documentId: string,
): Promise<NonNullable<ValidatedDocument['signatories']>> {
  const { rows } = await services.database.query<{
    firstname: string;
    surname: string;
    signed_at: Date | string;
  }>(
    `select s.firstname, s.surname, s.signed_at
       from joint_consents c
       join joint_signatories s on s.consent_id = c.id
      where c.document_id = $1 and c.state = 'fully_signed' and s.signed_at is not null
      order by s.position`,
    [documentId],
  );
  return rows.map((row) => ({
    firstname: row.firstname,
    surname: row.surname,
    signed_at: new Date(row.signed_at).toISOString(),
  }));
}

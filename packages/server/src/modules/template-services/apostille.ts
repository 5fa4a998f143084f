import { parseReferenceCode, type FieldError, type TemplateService } from '@dilosi/domain';
import type { User } from '../../db/schema';
import { AppError } from '../../lib/app-error';
import type { Queryable } from '../../db/queryable';

type ApostilleService = Extract<TemplateService, { kind: 'apostille' }>;

/** Documents issued before this instant (13/10/2023, Athens) are not given an apostille (spec section 8). */
export const APOSTILLE_CUTOFF = new Date('2023-10-13T00:00:00+03:00');

/**
 * The apostille service's checks of the document a request names by its reference code (spec
 * section 8): the caller has a tax number (403 apostille_no_afm: a page); the document exists,
 * is of a template the service accepts, is her own or shared with her, is issued (not revoked)
 * and was issued on or after the cut-off — each a field error on the code's field. A code that
 * cannot be read is the field's own `apostille_document_not_found` too: there is no such document.
 */
export async function checkApostille(
  db: Queryable,
  service: ApostilleService,
  input: { values: Record<string, unknown>; user: Pick<User, 'id' | 'afm'> },
): Promise<FieldError[]> {
  const field = service.document_field;
  const fail = (code: string): FieldError[] => [{ field, error: { code } }];
  if (!input.user.afm) throw new AppError(403, 'apostille_no_afm');
  const typed = input.values[field];
  if (typeof typed !== 'string' || typed.trim() === '') return [];
  const parsed = parseReferenceCode(typed);
  if (!parsed.ok) return fail('apostille_document_not_found');
  const document = await db
    .selectFrom('documents')
    .select(['id', 'owner_id', 'template_refname', 'state', 'issued_at', 'issuer_entity_id'])
    .where('reference_code', '=', parsed.code)
    .executeTakeFirst();
  if (!document) return fail('apostille_document_not_found');
  if (!service.allowed_templates.includes(document.template_refname)) {
    return fail('apostille_template_not_allowed');
  }
  if (document.owner_id !== input.user.id || document.issuer_entity_id !== null) {
    const shared = await db
      .selectFrom('document_shares')
      .select('id')
      .where('document_id', '=', document.id)
      .where('afm', '=', input.user.afm)
      .executeTakeFirst();
    if (!shared) return fail('apostille_no_access');
  }
  if (document.state !== 'issued' || document.issued_at === null) {
    return fail('apostille_not_issued');
  }
  if (new Date(document.issued_at).getTime() < APOSTILLE_CUTOFF.getTime()) {
    return fail('apostille_issued_before_cutoff');
  }
  return [];
}

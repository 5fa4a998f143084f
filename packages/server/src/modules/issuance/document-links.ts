import { formatReferenceCode, type Template } from '@dilosi/domain';
import type { Config } from '../../config';
import type { DocumentRow, User } from '../../db/schema';

/**
 * What an e-mail or SMS about an issued document shows: its reference code and validation
 * address. With REFCODE_ENABLED=false neither is shown anywhere, so the messages carry a dash
 * and the service's address instead.
 */
export function documentLinkParams(
  config: Pick<Config, 'REFCODE_ENABLED' | 'publicUrl'>,
  row: Pick<DocumentRow, 'reference_code'>,
  template: Template,
) {
  const code = config.REFCODE_ENABLED ? row.reference_code : null;
  return {
    title: template.title,
    reference_code: code ? formatReferenceCode(code) : '—',
    url: code ? validationUrlOf(config, code) : `${config.publicUrl}/`,
  };
}

/** The citizen's name as documents and cases show it: the document's values, else the login's. */
export function citizenName(values: Record<string, unknown>, user: User | null): string {
  const text = (value: unknown) => (typeof value === 'string' ? value.trim() : '');
  const fromValues = [text(values.firstname), text(values.surname)].filter(Boolean).join(' ');
  if (fromValues) return fromValues;
  const fromUser = [user?.firstname, user?.surname].filter(Boolean).join(' ');
  return fromUser || 'Ανώνυμος χρήστης';
}

/** The address validators open and the QR code holds. */
export function validationUrlOf(config: Pick<Config, 'publicUrl'>, referenceCode: string): string {
  return `${config.publicUrl}/show/${referenceCode}`;
}

import crypto from 'node:crypto';
import type { ApiDocument, Locale, Template } from '@dilosi/domain';
import type { DocumentRow } from '../../db/schema';
import type { CurrentUser } from '../auth';
import type { Config } from '../../config';
import type { Database } from '../../db/database';
import type { Notifier } from '../../notify';
import type { PdfRenderer } from '../../pdf/render-pool';
import type { Sealer } from '../../pdf/seal';
import { loadOrCreateSecret } from '../../lib/stored-secret';
import type { TemplateCatalog } from '../templates';

/** What issuance needs, made once per app (the sealer's key is decrypted once, at start). */
export type IssuanceServices = {
  catalog: TemplateCatalog;
  database: Database;
  config: Config;
  notifier: Notifier;
  sealer: Sealer;
  /** Renders issued documents off the request thread (PDF_RENDER_THREADS). */
  renderer: PdfRenderer;
  /** HMAC key of the stored SMS codes. */
  otpKey: Buffer;
  /** HMAC key of the PDF download tokens. */
  pdfTokenKey: Buffer;
  /**
   * A joint declaration's author entered her SMS code: the consent opens instead of the document
   * being issued (modules/joint, set by app.ts; issue #35).
   */
  openJointConsent?: (input: JointOpening) => Promise<ApiDocument>;
};

/** What confirm-issuance hands to modules/joint when the author's code was right. */
export type JointOpening = {
  stored: DocumentRow;
  template: Template;
  user: CurrentUser;
  codeHash: string;
  locale: Locale;
};

const newKey = () => crypto.randomBytes(32).toString('base64');

export async function createIssuanceServices(
  deps: Omit<IssuanceServices, 'otpKey' | 'pdfTokenKey'>,
): Promise<IssuanceServices> {
  // Shared by every API process: a code sent by one is checked by another.
  const [otpKey, pdfTokenKey] = await Promise.all([
    loadOrCreateSecret(deps.database, 'otp_hmac_key', newKey),
    loadOrCreateSecret(deps.database, 'pdf_token_hmac_key', newKey),
  ]);
  return {
    ...deps,
    otpKey: Buffer.from(otpKey, 'base64'),
    pdfTokenKey: Buffer.from(pdfTokenKey, 'base64'),
  };
}

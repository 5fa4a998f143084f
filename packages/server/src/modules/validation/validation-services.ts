import crypto from 'node:crypto';
import type { Config } from '../../config';
import type { Database } from '../../db/database';
import { loadSealCredentials, pemToDer } from '../../pdf/seal-credentials';
import { loadOrCreateSecret } from '../../lib/stored-secret';
import type { AccessLog } from '../access-log';
import type { TemplateCatalog } from '../templates';
import { createValidationPdfLinks, type ValidationPdfLink } from './validation-pdf-links';
import type { SealTrust } from './verify-seal';

/** What public validation needs, made once per app. */
export type ValidationServices = {
  config: Config;
  database: Database;
  catalog: TemplateCatalog;
  /** Who looked at a document: each successful look-up is queued here, never awaited. */
  accessLog: AccessLog;
  /** HMAC key of the PDF download tokens (shared by every API process). */
  pdfTokenKey: Buffer;
  /** The PDF download link of a document at a time, signed once per document and time bucket. */
  pdfLink(documentId: string, at: Date): ValidationPdfLink;
  /** The seal a checked file must carry; loaded on the first file check, then kept. */
  sealTrust(): Promise<SealTrust>;
};

const newKey = () => crypto.randomBytes(32).toString('base64');

export async function createValidationServices(deps: {
  config: Config;
  database: Database;
  catalog: TemplateCatalog;
  accessLog: AccessLog;
}): Promise<ValidationServices> {
  const pdfTokenKey = Buffer.from(
    await loadOrCreateSecret(deps.database, 'validation_pdf_token_key', newKey),
    'base64',
  );
  let trust: Promise<SealTrust> | undefined;
  const sealTrust = () => {
    trust ??= loadSealCredentials(deps.database, deps.config).then((credentials) => ({
      sealCertificateDer: pemToDer(credentials.certificatePem),
      issuers: [...credentials.chainPems, credentials.caCertificatePem ?? '']
        .filter(Boolean)
        .map((pem) => new crypto.X509Certificate(pem)),
    }));
    // A failed load (database down) is tried again by the next check.
    trust.catch(() => (trust = undefined));
    return trust;
  };
  const pdfLink = createValidationPdfLinks(pdfTokenKey, deps.config.PDF_TOKEN_TTL_SECONDS);
  return { ...deps, pdfTokenKey, pdfLink, sealTrust };
}

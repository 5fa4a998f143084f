import type { DocumentWrite, Locale } from '@dilosi/domain';
import type { Config } from '../../config';
import type { Database } from '../../db/database';
import type { DocumentRow } from '../../db/schema';
import type { PdfInspector } from '../../lib/pdf-inspection/pdf-inspector';
import type { CurrentUser } from '../auth';
import type { IssuanceServices } from '../issuance';
import type { Issuer } from './document-issuer';
import type { TemplateCatalog } from '../templates';

/** What the update use case hands to request-issuance.ts / confirm-issuance.ts. */
export type IssuanceInput = {
  /** Who issues it: its look-up, its confirmation, its issuer's name on the PDF. */
  issuer: Issuer;
  /** The caller's interface language: refusals in it, and the PDF's translation. */
  locale: Locale;
  user: CurrentUser;
  documentId: string;
  document: DocumentWrite['document'];
  /**
   * The document as the wizard's update just read it (unlocked), so issuance need not read it
   * again; issuance still locks it and checks it did not change.
   */
  stored?: DocumentRow;
};

/** What the document routes need, made once per app. */
export type DocumentServices = {
  catalog: TemplateCatalog;
  database: Database;
  config: Config;
  /** Checks uploaded PDFs off the request thread (lib/pdf-inspection). */
  pdfInspector: PdfInspector;
  /** The SMS code, the seal and the delivery; without them the preview and the requested state
   * refuse updates (409). */
  issuance?: IssuanceServices | undefined;
};

import type { Config } from '../../config';
import type { Database } from '../../db/database';
import type { PdfInspector } from '../../lib/pdf-inspection/pdf-inspector';
import type { TemplateCatalog } from '../templates';

/** What the attachment upload call needs, made once per app. */
export type AttachmentServices = {
  catalog: TemplateCatalog;
  database: Database;
  config: Config;
  /** Checks uploaded PDFs off the request thread (lib/pdf-inspection). */
  pdfInspector: PdfInspector;
};

import type { Config } from '../../config';
import type { Database } from '../../db/database';
import type { JobSender } from '../../jobs/job-payloads';
import type { Notifier } from '../../notify';
import type { AccessLog } from '../access-log';
import type { TemplateCatalog } from '../templates';

/** What the case use cases and routes need. */
export type CaseServices = {
  database: Database;
  catalog: TemplateCatalog;
  notifier: Notifier;
  config: Config;
  /** Signs the short-lived download addresses of a case's PDF and attachments. */
  pdfTokenKey: Buffer;
  /**
   * Whether the issued document's sealed PDF is stored, rendering and storing it first when it is
   * not (issuance/ensure-document-pdf.ts: the demo cases' documents are seeded without one).
   */
  ensurePdf: (documentId: string) => Promise<boolean>;
  /** Staff views of a case go to the document owner's access log. */
  accessLog: AccessLog;
  /** The job queue (the spreadsheet exports); null when the app runs without one. */
  jobs?: () => JobSender | null;
};

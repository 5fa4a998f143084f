import multipart from '@fastify/multipart';
import { mendBusboySkippedPartHang } from './busboy-skipped-part-fix';

// Every route that reads multipart registers the plugin from here, so the mend is in place first.
mendBusboySkippedPartHang();

export { multipart };

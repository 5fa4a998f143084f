import type { FastifyInstance } from 'fastify';
import { acceptSingleUpload } from '../../lib/uploads/read-single-upload';
import type { AttachmentServices } from './attachment-services';
import { uploadAttachmentRoute } from './upload-attachment';

export type { AttachmentServices } from './attachment-services';
export { purgePendingUploads, type PendingUploadsPurge } from './purge-pending-uploads';
export { uploadAttachment } from './upload-attachment';

/** POST /api/attachments; registered inside the authenticated route tree. */
export async function attachmentRoutes(
  authenticated: FastifyInstance,
  services: AttachmentServices,
) {
  await authenticated.register(async (uploads) => {
    // Files up to the largest per-field limit of the catalogue (or FILE_MAX_SIZE), as for create.
    await acceptSingleUpload(uploads, {
      maxFileSize: services.catalog.maxFileSize(services.config.FILE_MAX_SIZE),
      pdfInspector: services.pdfInspector,
    });
    await uploadAttachmentRoute(uploads, services);
  });
}
export { pendingUploadsExpiryJob } from './pending-uploads-expiry-job';

import {
  ANNOTATION_FILE_FIELD,
  annotationFieldListSchema,
  annotationFieldRequestSchema,
  annotationFieldSchema,
  annotationValueRequestSchema,
  apiErrorSchema,
  caseAnnotationsResponseSchema,
  caseDownloadSchema,
} from '@dilosi/domain';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { now } from '../../clock';
import { AppError } from '../../lib/app-error';
import { sendStoredFile } from '../../lib/attachment-download';
import { signDocumentToken, verifyDocumentToken } from '../../lib/document-token';
import { requestLocale } from '../../lib/i18n';
import type { PdfInspector } from '../../lib/pdf-inspection/pdf-inspector';
import { docsOf, routeErrors } from '../../lib/route-schemas';
import { checkFileUploads } from '../../lib/uploads/check-uploads';
import { acceptMultipartUploads, uploadsOf } from '../../lib/uploads/read-multipart-body';
import { requireUser } from '../auth';
import { requireEnabledEntity, requireEntityClerk, requireEntityRole } from '../staff';
import {
  annotationFileById,
  annotationFileOf,
  caseAnnotations,
  createAnnotationField,
  deleteAnnotationField,
  listAnnotationFields,
  setCaseAnnotation,
  setCaseAnnotationFile,
} from './case-annotations';
import type { CaseServices } from './case-services';

const docs = docsOf('cases');

/**
 * Typed private annotations of an entity's cases (issue #41; our extension, docs/api.md
 * "Annotations"): its heads define the fields, its clerks and heads read and fill them on each
 * case. Other entities' staff get 404, citizens 403, as every entity route.
 */
export async function annotationRoutes(
  app: FastifyInstance,
  services: CaseServices,
  pdfInspector: PdfInspector,
) {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const { db } = services.database;
  const entityParams = z.object({ e: z.string().max(64) });

  api.get(
    '/entity/:e/annotation-fields',
    {
      schema: {
        ...docs("The entity's annotation fields, in the order they were added"),
        params: entityParams,
        response: { 200: annotationFieldListSchema, ...routeErrors },
      },
    },
    async (request) => {
      const { entity } = await requireEntityClerk(db, request, request.params.e);
      return { data: await listAnnotationFields(db, entity.id) };
    },
  );

  api.post(
    '/entity/:e/annotation-fields',
    {
      schema: {
        ...docs('A head adds an annotation field: yes/no, date, choice, number or text'),
        params: entityParams,
        body: annotationFieldRequestSchema,
        response: { 201: z.object({ data: annotationFieldSchema }), ...routeErrors },
      },
    },
    async (request, reply) => {
      const access = requireEnabledEntity(
        await requireEntityRole(db, requireUser(request), request.params.e, 'head'),
      );
      const field = await createAnnotationField(db, services.catalog, {
        entityId: access.entity.id,
        ...request.body,
      });
      return reply.status(201).send({ data: field });
    },
  );

  api.delete(
    '/entity/:e/annotation-fields/:id',
    {
      schema: {
        ...docs('A head deletes an annotation field and all its values'),
        params: z.object({ e: z.string().max(64), id: z.string().max(64) }),
        response: { 204: z.null(), ...routeErrors },
      },
    },
    async (request, reply) => {
      const access = requireEnabledEntity(
        await requireEntityRole(db, requireUser(request), request.params.e, 'head'),
      );
      await deleteAnnotationField(db, { entityId: access.entity.id, id: request.params.id });
      return reply.status(204).send(null);
    },
  );

  const caseParams = z.object({ e: z.string().max(64), i: z.string().max(64) });

  api.get(
    '/entity/:e/inbox/:i/annotations',
    {
      schema: {
        ...docs('The annotation fields of a case, with their values'),
        params: caseParams,
        response: { 200: caseAnnotationsResponseSchema, ...routeErrors },
      },
    },
    async (request) => {
      const { entity } = await requireEntityClerk(db, request, request.params.e);
      return {
        data: await caseAnnotations(db, { entityId: entity.id, inboxId: request.params.i }),
      };
    },
  );

  api.put(
    '/entity/:e/inbox/:i/annotations/:fieldId',
    {
      schema: {
        ...docs("Set, change or clear (null) one of a case's annotations"),
        params: z.object({
          e: z.string().max(64),
          i: z.string().max(64),
          fieldId: z.string().max(64),
        }),
        body: annotationValueRequestSchema,
        response: { 200: caseAnnotationsResponseSchema, ...routeErrors },
      },
    },
    async (request) => {
      const { user, entity } = await requireEntityClerk(db, request, request.params.e, {
        write: true,
      });
      return {
        data: await setCaseAnnotation(db, {
          entityId: entity.id,
          inboxId: request.params.i,
          fieldId: request.params.fieldId,
          userId: user.id,
          value: request.body.value,
        }),
      };
    },
  );

  const fieldParams = z.object({
    e: z.string().max(64),
    i: z.string().max(64),
    fieldId: z.string().max(64),
  });

  api.post(
    '/entity/:e/inbox/:i/annotations/:fieldId/file/token',
    {
      schema: {
        ...docs("A download address of an attachment annotation's PDF"),
        params: fieldParams,
        response: { 200: caseDownloadSchema, ...routeErrors },
      },
    },
    async (request) => {
      const { entity } = await requireEntityClerk(db, request, request.params.e);
      const { fileId } = await annotationFileOf(db, {
        entityId: entity.id,
        inboxId: request.params.i,
        fieldId: request.params.fieldId,
      });
      const expires = new Date(now().getTime() + services.config.PDF_TOKEN_TTL_SECONDS * 1000);
      const token = signDocumentToken(services.pdfTokenKey, 'annotation-file', fileId, expires);
      return { download_url: `/api/annotation-files/${token}` };
    },
  );

  // The PDF of an attachment annotation: multipart, a `json` part ({}) and one PDF in
  // file__attachment, read and checked like every upload before the route runs.
  await app.register(async (uploads) => {
    await acceptMultipartUploads(uploads, {
      maxFileSize: services.config.FILE_MAX_SIZE,
      pdfInspector,
      files: 2,
    });
    uploads.withTypeProvider<ZodTypeProvider>().put(
      '/entity/:e/inbox/:i/annotations/:fieldId/file',
      {
        schema: {
          ...docs("Upload or replace the PDF of a case's attachment annotation (multipart)"),
          params: fieldParams,
          body: z.object({}).strict(),
          response: { 200: caseAnnotationsResponseSchema, ...routeErrors, 413: apiErrorSchema },
        },
      },
      async (request) => {
        const { user, entity } = await requireEntityClerk(db, request, request.params.e, {
          write: true,
        });
        const files = uploadsOf(request);
        if (files.length !== 1 || files[0]?.fieldKey !== ANNOTATION_FILE_FIELD) {
          throw new AppError(400, 'invalid_request', {
            invalid_fields: [
              {
                invalid_field: `file__${ANNOTATION_FILE_FIELD}`,
                error_info: { code: 'one_attachment_only' },
              },
            ],
          });
        }
        const [file] = checkFileUploads(files, () => services.config.FILE_MAX_SIZE, {
          locale: requestLocale(request),
        });
        return {
          data: await setCaseAnnotationFile(db, {
            entityId: entity.id,
            inboxId: request.params.i,
            fieldId: request.params.fieldId,
            userId: user.id,
            file: { filename: file!.filename, bytes: file!.bytes },
          }),
        };
      },
    );
  });
}

/** GET /api/annotation-files/{token}: public, the token is the authorisation. */
export async function publicAnnotationRoutes(app: FastifyInstance, services: CaseServices) {
  app.withTypeProvider<ZodTypeProvider>().get(
    '/annotation-files/:token',
    {
      schema: {
        tags: ['cases'],
        summary: "Download an attachment annotation's PDF by its short-lived token",
        params: z.object({ token: z.string().max(100) }),
        response: { 404: apiErrorSchema, 410: apiErrorSchema },
      },
    },
    async (request, reply) => {
      const check = verifyDocumentToken(
        services.pdfTokenKey,
        'annotation-file',
        request.params.token,
        now(),
      );
      if (!check.ok) {
        throw check.reason === 'expired'
          ? new AppError(410, 'pdf_token_expired')
          : new AppError(404, 'not_found');
      }
      const file = await annotationFileById(services.database.db, check.documentId);
      if (!file?.file_bytes) throw new AppError(404, 'not_found');
      return sendStoredFile(reply, {
        bytes: file.file_bytes,
        filename: file.value,
        content_type: 'application/pdf',
        sha256: file.file_sha256 ?? '',
      });
    },
  );
}

import { apiErrorSchema, type ApiDocument } from '@dilosi/domain';
import { attachmentContentUri } from '../../lib/attachment-download';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { requireUser } from '../auth';
import { loadDocumentExtras } from './document-extras';
import { listDocumentFiles } from './document-queries';
import { citizenIssuer, findAsIssuer, type Issuer } from './document-issuer';
import type { DocumentServices } from './document-services';
import { documentParamsSchema, documentResponseSchema } from './schemas';
import { toApiDocument } from './to-api-document';
import { declarationNotFound } from './document-errors';

/**
 * GET /api/my-declarations/{id} — the owner's document at its current step. Anyone else, or a
 * malformed id: 404 document_api__declaration_not_found (never 403: existence must not leak).
 */
export async function getDocumentRoute(app: FastifyInstance, services: DocumentServices) {
  app.withTypeProvider<ZodTypeProvider>().get(
    '/my-declarations/:id',
    {
      schema: {
        tags: ['documents'],
        summary: 'A document of the logged-in citizen',
        security: [{ bearer: [] }],
        params: documentParamsSchema,
        response: { 200: documentResponseSchema, 404: apiErrorSchema },
      },
    },
    async (request) => {
      const user = requireUser(request);
      const document = await getDocument(services, citizenIssuer(user.id), request.params.id);
      return { data: { document } };
    },
  );
}

/** A document of the issuer, at its current step; else 404. */
export async function getDocument(
  services: DocumentServices,
  issuer: Issuer,
  id: string,
): Promise<ApiDocument> {
  const { catalog, database, config } = services;
  const row = await findAsIssuer(database.db, issuer, id);
  if (!row) throw declarationNotFound();
  const template = await catalog.definition(row.template_refname, row.template_version);
  const files = await listDocumentFiles(database.db, row.id, template);
  const extras = await loadDocumentExtras(
    database.db,
    row,
    config,
    attachmentContentUri(services.issuance),
  );
  return toApiDocument(template, row, files, extras);
}

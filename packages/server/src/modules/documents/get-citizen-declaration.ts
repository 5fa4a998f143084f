import { apiErrorSchema, parseReferenceCode } from '@dilosi/domain';
import { attachmentContentUri } from '../../lib/attachment-download';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { requireUser } from '../auth';
import { documentResponseSchema, referenceParamsSchema } from './schemas';
import { declarationNotFound } from './document-errors';
import { listDocumentFiles } from './document-queries';
import { loadDocumentExtras } from './document-extras';
import { toApiDocument } from './to-api-document';
import type { IssuanceServices } from '../issuance';

/**
 * GET /api/citizen-declarations/{ref} — the owner's issued (or revoked) document, or one an
 * entity issued to them (a reply, an entity's document; issue #13), by its
 * reference code, as typed (dashes, case and I/L/O do not matter): the done page
 * /dilosi/{ref}/done. Malformed, unknown, or another citizen's: 404
 * document_api__declaration_not_found.
 */
export async function getCitizenDeclarationRoute(app: FastifyInstance, services: IssuanceServices) {
  const { catalog, database, config } = services;
  app.withTypeProvider<ZodTypeProvider>().get(
    '/citizen-declarations/:ref',
    {
      schema: {
        tags: ['documents'],
        summary: "The logged-in citizen's document by its reference code",
        security: [{ bearer: [] }],
        params: referenceParamsSchema,
        response: { 200: documentResponseSchema, 404: apiErrorSchema },
      },
    },
    async (request) => {
      const user = requireUser(request);
      const parsed = parseReferenceCode(request.params.ref);
      if (!parsed.ok) throw declarationNotFound();
      const row = await database.db
        .selectFrom('documents')
        .selectAll()
        .where('reference_code', '=', parsed.code)
        .where((eb) =>
          eb.or([
            eb.and([eb('owner_id', '=', user.id), eb('issuer_entity_id', 'is', null)]),
            // A document an entity issued to this citizen (issued or revoked: it has a code).
            eb('recipient_user_id', '=', user.id),
          ]),
        )
        .executeTakeFirst();
      if (!row) throw declarationNotFound();
      const template = await catalog.definition(row.template_refname, row.template_version);
      const [files, extras] = await Promise.all([
        listDocumentFiles(database.db, row.id, template),
        loadDocumentExtras(database.db, row, config, attachmentContentUri(services)),
      ]);
      return { data: { document: toApiDocument(template, row, files, extras) } };
    },
  );
}

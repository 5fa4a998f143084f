import { DOCUMENT_STATES, isDraftState, isFinalState } from '@dilosi/domain';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { requireUser } from '../auth';
import { pageMeta } from '../../lib/paging';
import type { DocumentServices } from './document-services';
import { documentListSchema, listDocumentsQuerySchema } from './schemas';
import { toDocumentListItem } from './to-api-document';

const DRAFT_STATES = DOCUMENT_STATES.filter(isDraftState);
const FINAL_STATES = DOCUMENT_STATES.filter(isFinalState);

/**
 * GET /api/citizen-declarations?draft=true|false&limit&offset — the citizen's own documents,
 * newest change first: drafts (editing, requested) or issued and revoked ones; dismissed ones
 * are left out.
 */
export async function listCitizenDocumentsRoute(app: FastifyInstance, services: DocumentServices) {
  const { catalog, database } = services;
  app.withTypeProvider<ZodTypeProvider>().get(
    '/citizen-declarations',
    {
      schema: {
        tags: ['documents'],
        summary: "The logged-in citizen's documents",
        security: [{ bearer: [] }],
        querystring: listDocumentsQuerySchema,
        response: { 200: documentListSchema },
      },
    },
    async (request) => {
      const user = requireUser(request);
      const { draft, limit, offset } = request.query;
      const states =
        draft === undefined
          ? [...DRAFT_STATES, ...FINAL_STATES]
          : draft
            ? DRAFT_STATES
            : FINAL_STATES;
      const base = database.db
        .selectFrom('documents')
        .where('owner_id', '=', user.id)
        .where('issuer_entity_id', 'is', null)
        .where('state', 'in', states)
        // Dismissed documents stay valid and reachable by id and reference code, not listed.
        .where('dismissed_at', 'is', null);
      const [rows, total] = await Promise.all([
        base
          .selectAll()
          .orderBy('updated_at', 'desc')
          .orderBy('id', 'desc')
          .limit(limit)
          .offset(offset)
          .execute(),
        base.select((eb) => eb.fn.countAll<number>().as('count')).executeTakeFirstOrThrow(),
      ]);
      // The status of each document's own case (its case number; a forward's copy has another).
      const withCase = rows.filter((row) => row.case_id !== null);
      const cases = withCase.length
        ? await database.db
            .selectFrom('inbox_entries')
            .select(['document_id', 'case_id', 'status'])
            .where(
              'document_id',
              'in',
              withCase.map((row) => row.id),
            )
            .execute()
        : [];
      const statusOf = (row: (typeof rows)[number]) =>
        cases.find((c) => c.document_id === row.id && c.case_id === row.case_id)?.status ?? null;
      const items = await Promise.all(
        rows.map(async (row) => ({
          ...toDocumentListItem(
            await catalog.definition(row.template_refname, row.template_version),
            row,
          ),
          case_status: statusOf(row),
        })),
      );
      return { data: items, meta: pageMeta(Number(total.count), limit, offset) };
    },
  );
}

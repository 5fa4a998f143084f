import { apiErrorSchema, vaultCasePageSchema } from '@dilosi/domain';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Database } from '../../db/database';
import { requireUser } from '../auth';
import type { TemplateCatalog } from '../templates';
import { listVaultCases } from './list-vault-cases';
import { listVaultCasesQuerySchema } from './schemas';

/**
 * The citizen's vault (spec section 2, `/vault/cases`); inside the authenticated route tree.
 * Every query is bound to the caller: nobody else's cases are ever listed.
 */
export async function vaultRoutes(
  app: FastifyInstance,
  services: { database: Database; catalog: TemplateCatalog },
) {
  const { database, catalog } = services;
  app.withTypeProvider<ZodTypeProvider>().get(
    '/vault/cases',
    {
      schema: {
        tags: ['vault'],
        summary: "The caller's documents sent to entities: each case's status and what came back",
        security: [{ bearer: [] }],
        querystring: listVaultCasesQuerySchema,
        response: { 200: vaultCasePageSchema, 400: apiErrorSchema, 401: apiErrorSchema },
      },
    },
    async (request) => {
      const user = requireUser(request);
      return listVaultCases(database.db, catalog, {
        ownerId: user.id,
        afm: user.record.afm ?? null,
        limit: request.query.limit,
        offset: request.query.offset,
      });
    },
  );
}

import {
  apiErrorSchema,
  vaultExportLatestResponseSchema,
  vaultExportResponseSchema,
} from '@dilosi/domain';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { requireUser } from '../auth';
import { downloadVaultExport } from './download-vault-export';
import { getLatestVaultExport } from './get-latest-vault-export';
import { requestVaultExport } from './request-vault-export';
import type { VaultExportServices } from './vault-export-services';

const docs = (summary: string) => ({ tags: ['vault'], summary, security: [{ bearer: [] }] });

/**
 * A few exports an hour per citizen: each one reads every PDF of the vault. The 409 of a running
 * export already stops parallel ones; this stops a loop of ask, download, ask again. Counted by
 * the authenticated user's id (so after the authentication hook), never by the header's text:
 * `bearer`, `Bearer  ` or another session of the same person would each get a count of its own.
 */
const requestRateLimit = {
  max: 10,
  timeWindow: 3_600_000,
  hook: 'preHandler',
  keyGenerator: (request: FastifyRequest) => `vault-export:${request.user?.id ?? request.ip}`,
} as const;

/**
 * "Take your records with you" (issue #15): the citizen's export of the whole vault, inside the
 * authenticated tree (anonymous: 401). Everything is the caller's own; another's is never found.
 */
export async function vaultExportRoutes(app: FastifyInstance, services: VaultExportServices) {
  const api = app.withTypeProvider<ZodTypeProvider>();

  api.post(
    '/vault/exports',
    {
      config: { rateLimit: requestRateLimit },
      schema: {
        ...docs('Ask for a ZIP of every issued document with a manifest, made in the background'),
        response: {
          202: vaultExportResponseSchema,
          401: apiErrorSchema,
          409: apiErrorSchema,
          429: apiErrorSchema,
        },
      },
    },
    async (request, reply) => {
      const user = requireUser(request);
      const data = await requestVaultExport(services, { ownerId: user.id });
      return reply.code(202).send({ data });
    },
  );

  api.get(
    '/vault/exports/latest',
    {
      schema: {
        ...docs("The citizen's newest export: state, progress and, when ready, the download link"),
        response: { 200: vaultExportLatestResponseSchema, 401: apiErrorSchema },
      },
    },
    async (request) => {
      const user = requireUser(request);
      return { data: await getLatestVaultExport(services, { ownerId: user.id }) };
    },
  );

  api.get(
    '/vault/exports/download/:token',
    {
      schema: {
        ...docs('The ZIP of a ready export (the link of GET /api/vault/exports/latest)'),
        params: z.object({ token: z.string().max(100) }),
        produces: ['application/zip'],
        response: {
          200: z.any().describe('The ZIP (application/zip)'),
          401: apiErrorSchema,
          404: apiErrorSchema,
          410: apiErrorSchema,
        },
      },
    },
    async (request, reply) => {
      const user = requireUser(request);
      const zip = await downloadVaultExport(services, {
        ownerId: user.id,
        token: request.params.token,
      });
      const day = zip.createdAt.toISOString().slice(0, 10);
      // A stream is sent as it is, not through the response schema.
      return (reply as FastifyReply)
        .header('Content-Type', 'application/zip')
        .header('Content-Length', String(zip.size))
        .header('Content-Disposition', `attachment; filename="dilosi-records-${day}.zip"`)
        .header('Cache-Control', 'private, no-store')
        .header('ETag', `"${zip.sha256 ?? ''}"`)
        .send(zip.stream);
    },
  );
}

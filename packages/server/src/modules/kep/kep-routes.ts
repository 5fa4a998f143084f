import {
  apiErrorSchema,
  caseDownloadSchema,
  inPersonCodeSchema,
  kepConfirmBodySchema,
  kepDecisionSchema,
  kepLookupSchema,
  kepRefuseBodySchema,
  lastInPersonCodeSchema,
} from '@dilosi/domain';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { AppError } from '../../lib/app-error';
import { docsOf, routeErrors } from '../../lib/route-schemas';
import { replyWithStoredPdf } from '../../lib/stored-pdf';
import type { AccessLog } from '../access-log';
import { requireUser } from '../auth';
import { pdfFilename } from '../documents';
import type { IssuanceServices } from '../issuance';
import { requireEntityClerk } from '../staff';
import { confirmInPerson, lookupInPersonRequest, refuseInPerson } from './confirm-in-person';
import { createKepPdfLink } from './create-kep-pdf-link';
import { getInPersonCode, requestInPersonConfirmation } from './request-in-person';

const docs = docsOf('kep');
const myDocs = docsOf('documents');
const documentParams = z.object({ id: z.string().max(64) });
const codeParams = z.object({ e: z.string().max(64), code: z.string().max(32) });
const errors = { ...routeErrors, 410: routeErrors[404], 429: routeErrors[404] };

/**
 * Lookups per officer: a code is 8 characters of 31, so a few dozen tries an hour find nothing
 * by chance. Counted by the authenticated user's id (after the authentication hook).
 */
const lookupRateLimit = {
  max: 30,
  timeWindow: 3_600_000,
  hook: 'preHandler',
  keyGenerator: (request: FastifyRequest) => `kep-lookup:${request.user?.id ?? request.ip}`,
} as const;

/**
 * In-person confirmation at a KEP (issue #37; docs/api.md "In-person confirmation"): the
 * anonymous person's code under her document, the officer's look-up and answer under the KEP
 * entity. An officer is a clerk (or head) of an entity marked `is_kep`; another entity's staff get
 * 403 kep_not_a_kep for their own entity, 404 for one they do not belong to.
 */
export async function kepRoutes(
  app: FastifyInstance,
  services: IssuanceServices & { accessLog: AccessLog },
) {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const { db } = services.database;

  const requireOfficer = async (request: FastifyRequest, entityId: string) => {
    const access = await requireEntityClerk(db, request, entityId, { write: true });
    if (!access.entity.is_kep) throw new AppError(403, 'kep_not_a_kep');
    return access;
  };

  api.post(
    '/my-declarations/:id/in-person',
    {
      schema: {
        ...myDocs('Ask for confirmation at a KEP: the document waits with a short code'),
        params: documentParams,
        body: z.object({ 'digest-sha256': z.string().max(128).optional() }).optional(),
        response: { 201: inPersonCodeSchema, ...routeErrors },
      },
    },
    async (request, reply) => {
      const data = await requestInPersonConfirmation(services, {
        user: requireUser(request),
        documentId: request.params.id,
        digest: request.body?.['digest-sha256'],
      });
      return reply.status(201).send({ data });
    },
  );

  api.get(
    '/my-declarations/:id/in-person',
    {
      schema: {
        ...myDocs('The last code of a document sent to a KEP (null when none was asked)'),
        params: documentParams,
        response: { 200: lastInPersonCodeSchema, ...routeErrors },
      },
    },
    async (request) => ({
      data: await getInPersonCode(services, {
        user: requireUser(request),
        documentId: request.params.id,
      }),
    }),
  );

  api.get(
    '/entity/:e/kep/:code',
    {
      config: { rateLimit: lookupRateLimit },
      schema: {
        ...docs('An officer looks up a request by its code: what the person filled in'),
        params: codeParams,
        response: { 200: kepLookupSchema, ...errors },
      },
    },
    async (request) => {
      await requireOfficer(request, request.params.e);
      return { data: await lookupInPersonRequest(services, request.params.code) };
    },
  );

  api.post(
    '/entity/:e/kep/:code/confirm',
    {
      config: { rateLimit: lookupRateLimit },
      schema: {
        ...docs('The officer checked the identity document: the document is issued'),
        params: codeParams,
        body: kepConfirmBodySchema,
        response: { 200: kepDecisionSchema, ...errors },
      },
    },
    async (request) => {
      const { user, entity } = await requireOfficer(request, request.params.e);
      const data = await confirmInPerson(services, {
        officer: user,
        entity,
        code: request.params.code,
        body: request.body,
      });
      return { data };
    },
  );

  api.post(
    '/entity/:e/kep/:code/refuse',
    {
      config: { rateLimit: lookupRateLimit },
      schema: {
        ...docs('The officer refuses: the document goes back to its person for editing'),
        params: codeParams,
        body: kepRefuseBodySchema,
        response: { 200: kepDecisionSchema, ...errors },
      },
    },
    async (request) => {
      const { user, entity } = await requireOfficer(request, request.params.e);
      const data = await refuseInPerson(services, {
        officer: user,
        entity,
        code: request.params.code,
        reason: request.body.reason,
      });
      return { data };
    },
  );

  api.post(
    '/entity/:e/kep/:code/pdf/token',
    {
      config: { rateLimit: lookupRateLimit },
      schema: {
        ...docs('A download address of the sealed PDF of a document this KEP confirmed'),
        params: codeParams,
        response: { 200: caseDownloadSchema, ...errors },
      },
    },
    async (request) => {
      const access = await requireOfficer(request, request.params.e);
      const { url, documentId } = await createKepPdfLink(services, {
        entityId: access.entity.id,
        code: request.params.code,
      });
      // The owner's access log says the KEP's staff took her PDF, like a case's PDF download.
      services.accessLog.record({
        documentId,
        kind: 'pdf_download',
        entityId: access.entity.id,
        staffRole: access.roles.includes('head') ? 'head' : 'clerk',
      });
      return { download_url: url };
    },
  );
}

/** GET /api/kep-pdf/{token}: public, the short-lived token is the authorisation. */
export async function publicKepRoutes(app: FastifyInstance, services: IssuanceServices) {
  app.withTypeProvider<ZodTypeProvider>().get(
    '/kep-pdf/:token',
    {
      schema: {
        tags: ['kep'],
        summary: 'Download the sealed PDF a KEP officer prints, by its short-lived token',
        params: z.object({ token: z.string().max(100) }),
        produces: ['application/pdf'],
        response: {
          200: z.any().describe('The sealed PDF (application/pdf)'),
          404: apiErrorSchema,
          410: apiErrorSchema,
        },
      },
    },
    async (request, reply) =>
      replyWithStoredPdf(reply, services.database, {
        key: services.pdfTokenKey,
        purpose: 'kep-pdf',
        token: request.params.token,
        // Revoked since the link was made: not printed.
        issuedOnly: true,
        filename: (referenceCode, documentId) =>
          pdfFilename(services.config.REFCODE_ENABLED ? referenceCode : null, documentId),
      }),
  );
}

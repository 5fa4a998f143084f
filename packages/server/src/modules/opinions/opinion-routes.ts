import {
  apiErrorSchema,
  caseDownloadSchema,
  opinionActionSchema,
  opinionAnswerSchema,
  opinionCaseResponseSchema,
  opinionListSchema,
  opinionRequestSchema,
  opinionResponseSchema,
} from '@dilosi/domain';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { requestLocale } from '../../lib/i18n';
import type { PdfInspector } from '../../lib/pdf-inspection/pdf-inspector';
import { docsOf, routeErrors } from '../../lib/route-schemas';
import { acceptMultipartUploads, uploadsOf } from '../../lib/uploads/read-multipart-body';
import { requireUser } from '../auth';
import { findCase, type CaseServices } from '../cases';
import { requireEntityClerk } from '../staff';
import { answerOpinion } from './answer-opinion';
import { cancelOpinion } from './cancel-opinion';
import { getOpinionCase } from './get-opinion-case';
import { opinionCasePdfUrl, opinionFileUrl, replyWithOpinionFile } from './opinion-files';
import { findOpinion, listCaseOpinions, listEntityOpinions, toOpinion } from './opinion-queries';
import { requestOpinion } from './request-opinion';

const caseParams = z.object({ e: z.string().max(64), i: z.string().max(64) });
const caseOpinionParams = caseParams.extend({ id: z.string().max(64) });
const entityOpinionParams = z.object({ e: z.string().max(64), id: z.string().max(64) });
const idParams = z.object({ id: z.string().max(64) });
const docs = docsOf('cases');
const myDocs = (summary: string) => ({
  tags: ['documents'],
  summary,
  security: [{ bearer: [] }],
});

export type OpinionServices = { cases: CaseServices; pdfInspector: PdfInspector };

/**
 * Opinions ("avis", issue #41; our extension, docs/api.md "Opinions"): the asking entity's
 * routes under the case, the asked entity's under its own scope, the asked person's under
 * /my-opinions. The expert reaches the case only through the opinion: never its inbox routes.
 */
export async function opinionRoutes(app: FastifyInstance, services: OpinionServices) {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const { cases } = services;
  const { db } = cases.database;

  api.get(
    '/entity/:e/inbox/:i/opinions',
    {
      schema: {
        ...docs('The opinions asked on the case: requested (overdue marked), given, cancelled'),
        params: caseParams,
        response: { 200: opinionListSchema, ...routeErrors },
      },
    },
    async (request) => {
      const { entity } = await requireEntityClerk(db, request, request.params.e);
      const entry = await findCase(db, entity.id, request.params.i);
      return { data: await listCaseOpinions(db, entry.id) };
    },
  );

  api.post(
    '/entity/:e/inbox/:i/opinions',
    {
      schema: {
        ...docs('Ask another entity or a person (tax number) for an opinion on the case'),
        params: caseParams,
        body: opinionRequestSchema,
        response: { 201: opinionResponseSchema, ...routeErrors },
      },
    },
    async (request, reply) => {
      const { user, entity } = await requireEntityClerk(db, request, request.params.e, {
        write: true,
      });
      const id = await requestOpinion(cases, db, {
        entityId: entity.id,
        inboxId: request.params.i,
        userId: user.id,
        ...request.body,
      });
      const entry = await findCase(db, entity.id, request.params.i);
      const created = await findOpinion(
        db,
        { kind: 'asker', entityId: entity.id, entryId: entry.id },
        id,
      );
      return reply.status(201).send({ data: toOpinion(created) });
    },
  );

  api.post(
    '/entity/:e/inbox/:i/opinions/:id/action',
    {
      schema: {
        ...docs('Cancel a requested opinion'),
        params: caseOpinionParams,
        body: opinionActionSchema,
        response: { 200: opinionResponseSchema, ...routeErrors },
      },
    },
    async (request) => {
      const { user, entity } = await requireEntityClerk(db, request, request.params.e, {
        write: true,
      });
      await cancelOpinion(cases, db, {
        entityId: entity.id,
        inboxId: request.params.i,
        opinionId: request.params.id,
        userId: user.id,
      });
      const entry = await findCase(db, entity.id, request.params.i);
      const row = await findOpinion(
        db,
        { kind: 'asker', entityId: entity.id, entryId: entry.id },
        request.params.id,
      );
      return { data: toOpinion(row) };
    },
  );

  api.post(
    '/entity/:e/inbox/:i/opinions/:id/file/token',
    {
      schema: {
        ...docs("A download address of an opinion's PDF"),
        params: caseOpinionParams,
        response: { 200: caseDownloadSchema, ...routeErrors },
      },
    },
    async (request) => {
      const { entity } = await requireEntityClerk(db, request, request.params.e);
      const entry = await findCase(db, entity.id, request.params.i);
      const url = await opinionFileUrl(cases, db, {
        reader: { kind: 'asker', entityId: entity.id, entryId: entry.id },
        opinionId: request.params.id,
      });
      return { download_url: url };
    },
  );

  api.get(
    '/entity/:e/opinions',
    {
      schema: {
        ...docs('The opinions asked of the entity, requested first'),
        params: z.object({ e: z.string().max(64) }),
        response: { 200: opinionListSchema, ...routeErrors },
      },
    },
    async (request) => {
      const { entity } = await requireEntityClerk(db, request, request.params.e);
      return { data: await listEntityOpinions(db, entity.id) };
    },
  );

  api.get(
    '/entity/:e/opinions/:id',
    {
      schema: {
        ...docs('An opinion asked of the entity, with the case’s document, read-only'),
        params: entityOpinionParams,
        response: { 200: opinionCaseResponseSchema, ...routeErrors },
      },
    },
    async (request) => {
      const { entity } = await requireEntityClerk(db, request, request.params.e);
      return {
        data: await getOpinionCase(db, cases.catalog, {
          reader: { kind: 'entity', entityId: entity.id },
          opinionId: request.params.id,
        }),
      };
    },
  );

  api.post(
    '/entity/:e/opinions/:id/pdf/token',
    {
      schema: {
        ...docs('A download address of the PDF of the case an opinion is asked about'),
        params: entityOpinionParams,
        response: { 200: caseDownloadSchema, ...routeErrors },
      },
    },
    async (request) => {
      const access = await requireEntityClerk(db, request, request.params.e);
      const { url, documentId } = await opinionCasePdfUrl(cases, db, {
        reader: { kind: 'entity', entityId: access.entity.id },
        opinionId: request.params.id,
      });
      // The owner's access log says who took her PDF: here the asked entity's staff.
      cases.accessLog.record({
        documentId,
        kind: 'pdf_download',
        entityId: access.entity.id,
        staffRole: access.roles.includes('head') ? 'head' : 'clerk',
      });
      return { download_url: url };
    },
  );

  api.post(
    '/entity/:e/opinions/:id/file/token',
    {
      schema: {
        ...docs('A download address of the PDF the entity gave with its answer'),
        params: entityOpinionParams,
        response: { 200: caseDownloadSchema, ...routeErrors },
      },
    },
    async (request) => {
      const access = await requireEntityClerk(db, request, request.params.e);
      const url = await opinionFileUrl(cases, db, {
        reader: { kind: 'entity', entityId: access.entity.id },
        opinionId: request.params.id,
      });
      return { download_url: url };
    },
  );

  api.get(
    '/my-opinions/:id',
    {
      schema: {
        ...myDocs('An opinion asked of me, with the case’s document, read-only'),
        params: idParams,
        response: { 200: opinionCaseResponseSchema, ...routeErrors },
      },
    },
    async (request) => {
      const user = requireUser(request);
      return {
        data: await getOpinionCase(db, cases.catalog, {
          reader: { kind: 'person', userId: user.id },
          opinionId: request.params.id,
        }),
      };
    },
  );

  api.post(
    '/my-opinions/:id/pdf/token',
    {
      schema: {
        ...myDocs('A download address of the PDF of the case an opinion is asked of me about'),
        params: idParams,
        response: { 200: caseDownloadSchema, ...routeErrors },
      },
    },
    async (request) => {
      const user = requireUser(request);
      const { url } = await opinionCasePdfUrl(cases, db, {
        reader: { kind: 'person', userId: user.id },
        opinionId: request.params.id,
      });
      return { download_url: url };
    },
  );

  api.post(
    '/my-opinions/:id/file/token',
    {
      schema: {
        ...myDocs('A download address of the PDF I gave with my answer'),
        params: idParams,
        response: { 200: caseDownloadSchema, ...routeErrors },
      },
    },
    async (request) => {
      const user = requireUser(request);
      const url = await opinionFileUrl(cases, db, {
        reader: { kind: 'person', userId: user.id },
        opinionId: request.params.id,
      });
      return { download_url: url };
    },
  );

  // The expert's answer: JSON `{ answer }`, or multipart with a `json` part and one PDF in
  // file__attachment, read and checked like every upload before the route runs.
  await app.register(async (writes) => {
    await acceptMultipartUploads(writes, {
      maxFileSize: cases.config.FILE_MAX_SIZE,
      pdfInspector: services.pdfInspector,
      files: 2,
    });
    const answers = writes.withTypeProvider<ZodTypeProvider>();
    answers.post(
      '/entity/:e/opinions/:id/answer',
      {
        schema: {
          ...docs('Answer an opinion asked of the entity (JSON, or multipart with one PDF)'),
          params: entityOpinionParams,
          body: opinionAnswerSchema,
          response: { 200: opinionResponseSchema, ...routeErrors, 413: apiErrorSchema },
        },
      },
      async (request) => {
        const { user, entity } = await requireEntityClerk(db, request, request.params.e, {
          write: true,
        });
        const reader = { kind: 'entity', entityId: entity.id } as const;
        await answerOpinion(cases, db, {
          reader,
          opinionId: request.params.id,
          userId: user.id,
          answer: request.body.answer,
          uploads: uploadsOf(request),
          locale: requestLocale(request),
        });
        return { data: toOpinion(await findOpinion(db, reader, request.params.id)) };
      },
    );
    answers.post(
      '/my-opinions/:id/answer',
      {
        schema: {
          ...myDocs('Answer an opinion asked of me (JSON, or multipart with one PDF)'),
          params: idParams,
          body: opinionAnswerSchema,
          response: { 200: opinionResponseSchema, ...routeErrors, 413: apiErrorSchema },
        },
      },
      async (request) => {
        const user = requireUser(request);
        const reader = { kind: 'person', userId: user.id } as const;
        await answerOpinion(cases, db, {
          reader,
          opinionId: request.params.id,
          userId: user.id,
          answer: request.body.answer,
          uploads: uploadsOf(request),
          locale: requestLocale(request),
        });
        return { data: toOpinion(await findOpinion(db, reader, request.params.id)) };
      },
    );
  });
}

/** GET /api/opinion-files/{token}: public, the token is the authorisation. */
export async function publicOpinionRoutes(app: FastifyInstance, services: CaseServices) {
  app.withTypeProvider<ZodTypeProvider>().get(
    '/opinion-files/:token',
    {
      schema: {
        tags: ['cases'],
        summary: 'Download the PDF of an opinion by its short-lived token',
        params: z.object({ token: z.string().max(100) }),
        response: { 404: apiErrorSchema, 410: apiErrorSchema },
      },
    },
    async (request, reply) => replyWithOpinionFile(reply, services, request.params.token),
  );
}

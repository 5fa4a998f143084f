import {
  apiErrorSchema,
  declineConsentBodySchema,
  jointConsentSchema,
  jointConsentSummarySchema,
  signatureCodeSchema,
  signConsentBodySchema,
} from '@dilosi/domain';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { requestLocale } from '../../lib/i18n';
import { docsOf, routeErrors } from '../../lib/route-schemas';
import { requireUser } from '../auth';
import { cancelConsent, declineConsent, remindSignatories } from './close-consent';
import { getConsent, getDocumentConsent, listMyConsents } from './get-consent';
import { issueConsentDocument } from './issue-consent-document';
import type { JointServices } from './joint-services';
import { sendSignatureCode } from './send-signature-code';
import { signConsent } from './sign-consent';

const docs = docsOf('joint');
const params = z.object({ id: z.string().max(64) });
const consentAnswer = z.object({ data: z.object({ consent: jointConsentSchema }) });
const errors = { ...routeErrors, 429: apiErrorSchema };

/**
 * Joint declarations (issue #35; docs/api.md, "Joint declarations", an extension: the spec
 * names no path). Inside the authenticated tree; a consent is read and acted on only by its
 * signatories (anyone else 403 signatory_not_in_consent), cancel and remind only by its author.
 */
export async function jointRoutes(app: FastifyInstance, services: JointServices) {
  const { database, catalog } = services;
  const deps = { db: database.db, catalog };
  const api = app.withTypeProvider<ZodTypeProvider>();
  const answer = async (consentId: string, user: ReturnType<typeof requireUser>) => ({
    data: { consent: await getConsent(deps, { consentId, user }) },
  });

  api.get(
    '/joint/consents',
    {
      schema: {
        ...docs('The joint declarations the caller authored or is asked to sign'),
        response: {
          200: z.object({ data: z.object({ consents: z.array(jointConsentSummarySchema) }) }),
          401: apiErrorSchema,
        },
      },
    },
    async (request) => {
      const user = requireUser(request);
      return { data: { consents: await listMyConsents(deps, { user }) } };
    },
  );

  api.get(
    '/joint/documents/:id/consent',
    {
      schema: {
        ...docs("A document's newest joint declaration, for its signatories (null if none)"),
        params,
        response: {
          200: z.object({ data: z.object({ consent: jointConsentSummarySchema.nullable() }) }),
          ...errors,
        },
      },
    },
    async (request) => {
      const user = requireUser(request);
      const consent = await getDocumentConsent(deps, { documentId: request.params.id, user });
      return { data: { consent } };
    },
  );

  api.get(
    '/joint/consents/:id',
    {
      schema: {
        ...docs('A joint declaration: its exact text, its digest and every signatory'),
        params,
        response: { 200: consentAnswer, ...errors },
      },
    },
    async (request) => answer(request.params.id, requireUser(request)),
  );

  api.post(
    '/joint/consents/:id/code',
    {
      schema: {
        ...docs('Send the caller her six-digit SMS code to sign'),
        params,
        response: { 200: z.object({ data: signatureCodeSchema }), ...errors },
      },
    },
    async (request) => {
      const user = requireUser(request);
      const data = await sendSignatureCode(services, {
        consentId: request.params.id,
        user,
        locale: requestLocale(request),
      });
      return { data };
    },
  );

  api.post(
    '/joint/consents/:id/sign',
    {
      schema: {
        ...docs('Sign with the SMS code, bound to the digest of the text shown'),
        params,
        body: signConsentBodySchema,
        response: { 200: consentAnswer, ...errors },
      },
    },
    async (request) => {
      const user = requireUser(request);
      await signConsent(services, {
        consentId: request.params.id,
        user,
        code: request.body.otp_code,
        textDigest: request.body.text_digest,
        locale: requestLocale(request),
      });
      return answer(request.params.id, user);
    },
  );

  api.post(
    '/joint/consents/:id/decline',
    {
      schema: {
        ...docs('Decline to sign, with an optional reason: the declaration is canceled'),
        params,
        body: declineConsentBodySchema,
        response: { 200: consentAnswer, ...errors },
      },
    },
    async (request) => {
      const user = requireUser(request);
      await declineConsent(services, {
        consentId: request.params.id,
        user,
        reason: request.body.reason,
        locale: requestLocale(request),
      });
      return answer(request.params.id, user);
    },
  );

  api.post(
    '/joint/consents/:id/cancel',
    {
      schema: {
        ...docs('The author cancels her joint declaration before everyone signed'),
        params,
        response: { 200: consentAnswer, ...errors },
      },
    },
    async (request) => {
      const user = requireUser(request);
      await cancelConsent(services, { consentId: request.params.id, user });
      return answer(request.params.id, user);
    },
  );

  api.post(
    '/joint/consents/:id/remind',
    {
      schema: {
        ...docs('The author reminds those who have not signed (once a day)'),
        params,
        response: { 200: consentAnswer, ...errors },
      },
    },
    async (request) => {
      const user = requireUser(request);
      await remindSignatories(services, { consentId: request.params.id, user });
      return answer(request.params.id, user);
    },
  );

  api.post(
    '/joint/consents/:id/issue',
    {
      schema: {
        ...docs('Issue a fully signed joint declaration again if its issuance failed'),
        params,
        response: { 200: consentAnswer, ...errors },
      },
    },
    async (request) => {
      const user = requireUser(request);
      // Only a signatory may ask: the read below refuses anyone else first.
      await getConsent(deps, { consentId: request.params.id, user });
      await issueConsentDocument(services, {
        consentId: request.params.id,
        locale: requestLocale(request),
      });
      return answer(request.params.id, user);
    },
  );
}

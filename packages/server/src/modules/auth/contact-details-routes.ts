import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  apiErrorSchema,
  contactCodeBodySchema,
  emailChangeBodySchema,
  mobileChangeBodySchema,
  pendingEmailResponseSchema,
  pendingMobileResponseSchema,
} from '@dilosi/domain';
import { AppError } from '../../lib/app-error';
import { requestLocale } from '../../lib/i18n';
import type { AuthServices } from './auth-services';
import { requireUser } from './authenticate';
import type { ContactChannel } from './contact-codes';
import { createContactServices } from './contact-services';
import { requestContactChange } from './request-contact-change';
import { resendContactCode } from './resend-contact-code';
import { userSchema } from './schemas';
import type { PendingChange } from './send-contact-code';
import type { CurrentUser } from './sessions';
import { toApiUser } from './users';
import { verifyContactChange } from './verify-contact-change';

const errors = {
  400: apiErrorSchema,
  401: apiErrorSchema,
  403: apiErrorSchema,
  409: apiErrorSchema,
  429: apiErrorSchema,
};
const changedUserSchema = z.object({ data: userSchema });

/** A person's own contact details: any logged-in person, staff too; not an anonymous login. */
function requirePerson(request: FastifyRequest): CurrentUser {
  const current = requireUser(request);
  if (current.isAnonymous || !current.record.afm) throw new AppError(403, 'permission_denied');
  return current;
}

const pendingOf = (pending: PendingChange) => ({
  expires_at: pending.expiresAt.toISOString(),
  resend_available_at: pending.resendAvailableAt.toISOString(),
});

/**
 * POST /api/profile/{email,mobile}[/verify|/resend] (issue #38; docs/api.md, "Contact details"):
 * our extension of the spec's POST profile. The new value gets a six-digit code (202), the code
 * makes it hers (200, the updated User), resend sends a new code (the spec's resend_email_otp).
 */
export async function contactDetailsRoutes(app: FastifyInstance, auth: AuthServices) {
  const services = await createContactServices({
    config: auth.config,
    database: auth.database,
    notifier: app.notifier,
  });
  const api = app.withTypeProvider<ZodTypeProvider>();
  const common = { tags: ['auth'], security: [{ bearer: [] }] };

  const verify = (channel: ContactChannel) =>
    api.post(
      `/profile/${channel}/verify`,
      {
        schema: {
          ...common,
          summary: `Confirm the new ${channel} with its code`,
          body: contactCodeBodySchema,
          response: { 200: changedUserSchema, ...errors },
        },
      },
      async (request) => {
        const current = requirePerson(request);
        const record = await verifyContactChange(services, {
          userId: current.id,
          channel,
          code: request.body.code,
          locale: requestLocale(request),
        });
        const claims = new Set(current.claims);
        if (record.mobile_certified) claims.add('mobile_certified_login');
        return { data: toApiUser({ ...current, record, claims: [...claims] }) };
      },
    );

  api.post(
    '/profile/email',
    {
      schema: {
        ...common,
        summary: 'Ask to change the e-mail: a code is sent to the new address',
        body: emailChangeBodySchema,
        response: { 202: pendingEmailResponseSchema, ...errors },
      },
    },
    async (request, reply) => {
      const current = requirePerson(request);
      const pending = await requestContactChange(services, {
        userId: current.id,
        channel: 'email',
        value: request.body.email,
        locale: requestLocale(request),
      });
      return reply
        .status(202)
        .send({ data: { pending_email: pending.address, ...pendingOf(pending) } });
    },
  );
  verify('email');
  api.post(
    '/profile/email/resend',
    {
      schema: {
        ...common,
        summary: 'Send a new code to the e-mail waiting (resend_email_otp)',
        response: { 202: pendingEmailResponseSchema, ...errors },
      },
    },
    async (request, reply) => {
      const current = requirePerson(request);
      const pending = await resendContactCode(services, {
        userId: current.id,
        channel: 'email',
        locale: requestLocale(request),
      });
      return reply
        .status(202)
        .send({ data: { pending_email: pending.address, ...pendingOf(pending) } });
    },
  );

  api.post(
    '/profile/mobile',
    {
      schema: {
        ...common,
        summary: 'Ask to change the mobile: a code is sent to it by SMS',
        body: mobileChangeBodySchema,
        response: { 202: pendingMobileResponseSchema, ...errors },
      },
    },
    async (request, reply) => {
      const current = requirePerson(request);
      const pending = await requestContactChange(services, {
        userId: current.id,
        channel: 'mobile',
        value: request.body.mobile,
        locale: requestLocale(request),
      });
      return reply
        .status(202)
        .send({ data: { pending_mobile: pending.address, ...pendingOf(pending) } });
    },
  );
  verify('mobile');
  api.post(
    '/profile/mobile/resend',
    {
      schema: {
        ...common,
        summary: 'Send a new code by SMS to the mobile waiting',
        response: { 202: pendingMobileResponseSchema, ...errors },
      },
    },
    async (request, reply) => {
      const current = requirePerson(request);
      const pending = await resendContactCode(services, {
        userId: current.id,
        channel: 'mobile',
        locale: requestLocale(request),
      });
      return reply
        .status(202)
        .send({ data: { pending_mobile: pending.address, ...pendingOf(pending) } });
    },
  );
}

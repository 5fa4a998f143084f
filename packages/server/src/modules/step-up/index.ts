import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  apiErrorSchema,
  stepUpConfirmBodySchema,
  stepUpConfirmedSchema,
  stepUpSentSchema,
} from '@dilosi/domain';
import { AppError } from '../../lib/app-error';
import { requestLocale } from '../../lib/i18n';
import { requireUser } from '../auth';
import { maskMobile } from '../../lib/mask-mobile';
import { confirmStepUp } from './confirm-step-up';
import { sendStepUpCode, type StepUpServices } from './send-step-up-code';

export { hasFreshStepUp } from './step-up-status';

const errors = {
  400: apiErrorSchema,
  401: apiErrorSchema,
  403: apiErrorSchema,
  429: apiErrorSchema,
};

/**
 * POST /api/step-up and /api/step-up/confirm (issue #37, docs/api.md "Step-up"): a fresh second
 * factor for the session, which a template or step marked `step_up` asks for (403
 * action_required with the action `step_up`). Only a person's session: not an anonymous one.
 */
export async function stepUpRoutes(app: FastifyInstance, services: StepUpServices) {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const common = { tags: ['auth'], security: [{ bearer: [] }] };
  const personOf = (request: Parameters<typeof requireUser>[0]) => {
    const user = requireUser(request);
    if (user.isAnonymous) throw new AppError(403, 'permission_denied');
    return user;
  };
  api.post(
    '/step-up',
    {
      schema: {
        ...common,
        summary: 'Send a step-up code by SMS to the certified mobile',
        response: { 200: stepUpSentSchema, ...errors },
      },
    },
    async (request) => {
      const sent = await sendStepUpCode(services, {
        user: personOf(request),
        locale: requestLocale(request),
      });
      return {
        data: {
          mobile: maskMobile(sent.mobile),
          expires_at: sent.expires_at.toISOString(),
          sends_left: sent.sends_left,
        },
      };
    },
  );
  api.post(
    '/step-up/confirm',
    {
      schema: {
        ...common,
        summary: 'Confirm the step-up code',
        body: stepUpConfirmBodySchema,
        response: { 200: stepUpConfirmedSchema, ...errors },
      },
    },
    async (request) => {
      const confirmed = await confirmStepUp(services, {
        user: personOf(request),
        locale: requestLocale(request),
        code: request.body.code,
      });
      return { data: { confirmed_at: confirmed.confirmed_at.toISOString() } };
    },
  );
}

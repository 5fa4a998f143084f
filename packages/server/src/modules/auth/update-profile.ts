import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  apiErrorSchema,
  toGreekNationalNumber,
  validateMobile,
  type ErrorCode,
} from '@dilosi/domain';
import { now } from '../../clock';
import type { UserConsents } from '../../db/schema';
import { AppError } from '../../lib/app-error';
import type { AuthServices } from './auth-services';
import { requireUser } from './authenticate';
import { profileBodySchema, userSchema } from './schemas';
import { toApiUser } from './users';
import { registryOf } from '../registry';

/** A refusal pointing at the `mobile` field (data.invalid_fields), as the form shows it. */
function mobileFieldError(
  code: ErrorCode,
  fieldCode: string,
  params?: Record<string, unknown>,
): AppError {
  return new AppError(400, code, {
    invalid_fields: [
      {
        invalid_field: 'mobile',
        error_info: params ? { code: fieldCode, params } : { code: fieldCode },
      },
    ],
  });
}

/**
 * POST /api/profile — the mobile onboarding of /consent (spec section 3, "Profile consents"):
 * - `mobile_use_nnc_onboarding`: use the mobile the registry holds as certified
 *   (400 no_mobile when it holds none: the client shows info/no-mobile);
 * - `mobile_check_certified` with `mobile`: the number typed must be the registry's certified
 *   one (400 attribute_not_validated on the field `mobile` otherwise);
 * - neither: the answer is recorded, a `mobile` given is kept as not certified.
 * Answers the updated User.
 */
export async function updateProfileRoute(app: FastifyInstance, services: AuthServices) {
  app.withTypeProvider<ZodTypeProvider>().post(
    '/profile',
    {
      schema: {
        tags: ['auth'],
        summary: 'Mobile onboarding consents',
        security: [{ bearer: [] }],
        body: profileBodySchema,
        response: { 200: userSchema, 400: apiErrorSchema, 403: apiErrorSchema },
      },
    },
    async (request) => {
      const current = requireUser(request);
      if (current.isAnonymous || !current.record.afm) throw new AppError(403, 'permission_denied');
      const { consents, mobile } = request.body;
      // The certified mobile as the tax registry holds it (none without a registry: check off).
      const person = (await registryOf(services.database).lookup('tax', current.record.afm))
        .data as { mobile?: string | null; mobile_certified?: boolean } | null;
      const certifiedInRegistry =
        person?.mobile && person.mobile_certified ? toGreekNationalNumber(person.mobile) : null;

      let update: { mobile: string | null; mobile_certified: boolean } | null = null;
      if (consents.mobile_use_nnc_onboarding) {
        if (!certifiedInRegistry) throw new AppError(400, 'no_mobile');
        update = { mobile: certifiedInRegistry, mobile_certified: true };
      } else if (mobile !== undefined && mobile !== null && mobile.trim() !== '') {
        const invalid = validateMobile(mobile);
        if (invalid) throw mobileFieldError('invalid_request', invalid.code, invalid.params);
        const national = toGreekNationalNumber(mobile);
        if (consents.mobile_check_certified) {
          if (!national || national !== certifiedInRegistry) {
            throw mobileFieldError('attribute_not_validated', 'attribute_not_validated');
          }
          update = { mobile: national, mobile_certified: true };
        } else {
          update = { mobile: national, mobile_certified: false };
        }
      } else if (consents.mobile_check_certified) {
        throw mobileFieldError('invalid_request', 'required');
      }

      const at = now().toISOString();
      const answered: UserConsents = {
        ...current.record.consents,
        mobile_use_nnc_onboarding: { value: consents.mobile_use_nnc_onboarding, at },
        mobile_check_certified: { value: consents.mobile_check_certified, at },
      };
      const record = await services.database.db
        .updateTable('users')
        .set({
          ...(update ?? {}),
          consents: JSON.stringify(answered),
          mobile_flow_done: true,
          updated_at: at,
        })
        .where('id', '=', current.id)
        .returningAll()
        .executeTakeFirstOrThrow();
      const claims = new Set(current.claims);
      if (record.mobile_certified) claims.add('mobile_certified_login');
      return toApiUser({ ...current, record, claims: [...claims] });
    },
  );
}

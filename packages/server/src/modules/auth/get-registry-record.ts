import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { apiErrorSchema, registryRecordResponseSchema, type RegistryRecord } from '@dilosi/domain';
import type { Database } from '../../db/database';
import { AppError } from '../../lib/app-error';
import { requireUser } from './authenticate';
import { LoginError } from './login-errors';
import { checkRegistry } from './registry';

/** An ISO date, whichever way the driver hands a date column over. */
function isoDate(value: unknown): string | null {
  if (value instanceof Date) return value.toISOString().slice(0, 10);
  return typeof value === 'string' && value !== '' ? value.slice(0, 10) : null;
}

const orNull = (value: string | null | undefined) => (value ? value : null);

/**
 * What the registry says about a person, read through the login's own registry check, so that
 * the identity confirmation shows exactly what the login was checked against. A person the
 * registry no longer accepts gets the login's code (404 vatin_does_not_exist, 409 otherwise).
 */
export async function getRegistryRecord(
  database: Database,
  identity: { afm: string; surname: string },
): Promise<RegistryRecord> {
  try {
    const person = await checkRegistry(database, identity);
    return {
      afm: person.afm,
      firstname: orNull(person.firstname),
      surname: orNull(person.surname),
      father_name: orNull(person.father_name),
      mother_name: orNull(person.mother_name),
      birth_date: isoDate(person.birth_date),
    };
  } catch (error) {
    if (!(error instanceof LoginError)) throw error;
    throw new AppError(error.code === 'vatin_does_not_exist' ? 404 : 409, error.code);
  }
}

/** GET /api/profile/registry-record: the signed-in person's own record; not an anonymous login. */
export async function getRegistryRecordRoute(app: FastifyInstance, database: Database) {
  app.withTypeProvider<ZodTypeProvider>().get(
    '/profile/registry-record',
    {
      schema: {
        tags: ['auth'],
        summary: 'What the registry says about the signed-in person (identity confirmation)',
        security: [{ bearer: [] }],
        response: {
          200: registryRecordResponseSchema,
          401: apiErrorSchema,
          403: apiErrorSchema,
          404: apiErrorSchema,
          409: apiErrorSchema,
        },
      },
    },
    async (request) => {
      const current = requireUser(request);
      const { afm, surname } = current.record;
      if (current.isAnonymous || !afm || !surname) throw new AppError(403, 'permission_denied');
      return { data: await getRegistryRecord(database, { afm, surname }) };
    },
  );
}

import {
  apiErrorSchema,
  RESOURCE_NAMES,
  RESOURCE_ROLES,
  resourceActionRequestSchema,
  resourceActionResponseSchema,
  resourceInfoSchema,
  type ResourceName,
} from '@dilosi/domain';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { AppError } from '../../lib/app-error';
import { requestLocale } from '../../lib/i18n';
import { requireUser } from '../auth';
import { requireEntityRole } from '../staff';
import { resourceOf } from './resource-registry';
import type { ResourceServices } from './resource-services';

const errors = {
  400: apiErrorSchema,
  401: apiErrorSchema,
  403: apiErrorSchema,
  404: apiErrorSchema,
  409: apiErrorSchema,
  422: apiErrorSchema,
};
const params = z.object({
  gate: z.string().max(64),
  resource: z
    .string()
    .max(64)
    .describe(`One of: ${RESOURCE_NAMES.join(', ')}`),
});

const isResourceName = (name: string): name is ResourceName =>
  (RESOURCE_NAMES as readonly string[]).includes(name);

/**
 * GET /api/gates/{gate}/gate/resources/{resource}/info and POST …/action (spec section 7; issue
 * #39): an entity's resources, for its heads, and each for its own role (RESOURCE_ROLES: the
 * settings owner's notices, the templates author's permissions). The gate is the codename.
 */
export async function resourceRoutes(app: FastifyInstance, services: ResourceServices) {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const { db } = services;

  async function access(request: FastifyRequest & { params: z.infer<typeof params> }) {
    const user = requireUser(request);
    if (!user.isAdmin) throw new AppError(403, 'permission_denied');
    const entity = await db
      .selectFrom('entities')
      .select('id')
      .where('codename', '=', request.params.gate)
      .executeTakeFirst();
    if (!entity) throw new AppError(404, 'notification_entity_must_exist');
    const { resource } = request.params;
    if (!isResourceName(resource)) {
      await requireEntityRole(db, user, entity.id, 'head');
      throw new AppError(404, 'resource_not_found');
    }
    // Each resource needs its role (a head holds them all): 403 role_permission_denied.
    const role = RESOURCE_ROLES[resource];
    const granted = await requireEntityRole(db, user, entity.id, role);
    return { user, entityId: granted.entity.id, resource: resourceOf(resource) };
  }

  api.get(
    '/gates/:gate/gate/resources/:resource/info',
    {
      schema: {
        tags: ['dashboard'],
        summary: "An entity's resource: its fields in order, row actions and resource actions",
        security: [{ bearer: [] }],
        params,
        response: { 200: resourceInfoSchema, ...errors },
      },
    },
    async (request) => ({ data: (await access(request)).resource.info(services.catalog) }),
  );

  api.post(
    '/gates/:gate/gate/resources/:resource/action',
    {
      schema: {
        tags: ['dashboard'],
        summary: "Runs one action on an entity's resource (list, or one of its actions)",
        security: [{ bearer: [] }],
        params,
        body: resourceActionRequestSchema,
        response: { 200: resourceActionResponseSchema, ...errors },
      },
    },
    async (request) => {
      const { user, entityId, resource } = await access(request);
      return resource.run(services, {
        entityId,
        userId: user.id,
        locale: requestLocale(request),
        request: request.body,
      });
    },
  );
}

import type { FastifyInstance } from 'fastify';
import type { AccessLog } from '../access-log';
import type { IssuanceServices } from '../issuance';
import { caseActionRoute } from './case-action-route';
import { inboxEntryActionRoute } from './inbox-entry-action-route';

/**
 * `POST {scope}/action` on the scopes whose resource another module keeps (spec section 7): a
 * case (`entity/{e}/inbox/{i}`) and a received message (`gates/USER/gate/inbox-entries`). Here,
 * above cases, messages and documents, because documents already depends on the first two;
 * the action table and its use cases stay in domain and modules/documents.
 */
export type ScopeActionRouteServices = IssuanceServices & { accessLog: AccessLog };

export async function scopeActionRoutes(
  authenticated: FastifyInstance,
  services: ScopeActionRouteServices,
) {
  await caseActionRoute(authenticated, services);
  await inboxEntryActionRoute(authenticated, services);
}

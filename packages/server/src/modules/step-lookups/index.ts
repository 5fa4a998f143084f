import type { FastifyInstance } from 'fastify';
import { getStepLookupRoute } from './get-step-lookup';
import { startStepLookupRoute } from './start-step-lookup';
import type { StepLookupServices } from './step-lookup-services';

export { registryLookupJob } from './step-lookup-job';
export { runStepLookup } from './run-step-lookup';
export type { StepLookupServices } from './step-lookup-services';

/** A draft step's registry look-ups and their poll endpoint: in the authenticated tree. */
export async function stepLookupRoutes(
  authenticated: FastifyInstance,
  services: StepLookupServices,
) {
  await startStepLookupRoute(authenticated, services);
  await getStepLookupRoute(authenticated, services);
}

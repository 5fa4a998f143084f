import { dashboardKeys } from '../../../api/dashboard-keys';

const enc = encodeURIComponent;

/** Query keys of an entity's resources (issue #39), under the dashboard root. */
export const resourceKeys = {
  all: [...dashboardKeys.all, 'resources'] as const,
  entity: (entityId: string) => [...dashboardKeys.all, 'resources', 'entity', entityId] as const,
  info: (gate: string, resource: string) =>
    [...dashboardKeys.all, 'resources', gate, resource, 'info'] as const,
  list: (gate: string, resource: string, args: Record<string, string | number>) =>
    [...dashboardKeys.all, 'resources', gate, resource, 'list', args] as const,
};

/** The API address of a resource of an entity's gate. */
export const resourceApiPath = (gate: string, resource: string) =>
  `/api/gates/${enc(gate)}/gate/resources/${enc(resource)}`;

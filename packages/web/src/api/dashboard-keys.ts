/**
 * The root of every staff-side query (features `cases` and `staff`). A change on one side (a
 * role, a case, the entity's settings) can change what the other shows, so their mutations
 * invalidate this whole root, as the one dashboard did before it was split.
 */
export const dashboardKeys = {
  all: ['dashboard'] as const,
  entity: (entityId: string) => [...dashboardKeys.all, 'entity', entityId] as const,
};

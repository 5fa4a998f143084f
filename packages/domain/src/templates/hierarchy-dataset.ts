import { z } from 'zod';
import {
  hierarchyNodeSchema,
  localizedTextSchema,
  type HierarchyNode,
  type LocalizedText,
} from './template-schema';

/** The separator of a path in a hierarchical dataset (spec section 8: '/'). */
export const HIERARCHY_PATH_SEPARATOR = '/';
/** The levels a hierarchical select shows at most (spec section 8: 3). */
export const HIERARCHY_MAX_LEVELS = 3;

/**
 * A hierarchical dataset of the catalogue (templates/datasets/{name}.json): a tree of values
 * with a label per level, and where it comes from. A hierarchical_select field names it by
 * `component-params.dataset`.
 */
export const hierarchyDatasetSchema = z
  .object({
    name: z.string().regex(/^[a-z0-9][a-z0-9-]*$/),
    title: localizedTextSchema,
    /** Where the data comes from, and under which licence: shown with the data. */
    source: z.string().min(1),
    licence: z.string().min(1),
    /** The label of each level, e.g. region, regional unit. */
    levels: z.array(localizedTextSchema).min(1).max(HIERARCHY_MAX_LEVELS),
    /** What the chosen value is called, e.g. "regional unit". */
    value_label: localizedTextSchema,
    tree: z.array(hierarchyNodeSchema).min(1),
  })
  .strict();
export type HierarchyDataset = z.infer<typeof hierarchyDatasetSchema>;

export type HierarchyElement = { value: string; label: LocalizedText; leaf: boolean };

/** GET /api/datasets/{name}?path=a/b: one level of a dataset (spec section 7). */
export type HierarchyDatasetAnswer = {
  meta: {
    dataset: string;
    title: LocalizedText;
    labels: LocalizedText[];
    value_label: LocalizedText;
    source: string;
    licence: string;
    /** The values of the path asked for. */
    path: string[];
  };
  data: {
    /** The choices under the path: the first level for an empty path. */
    elements: HierarchyElement[];
    /** The nodes of the path, in order, with their labels. */
    values: { value: string; label: LocalizedText }[];
  };
};

/** `a/b` as `['a', 'b']`; an empty or absent path is the top. */
export const parseHierarchyPath = (path: string | undefined): string[] =>
  (path ?? '').split(HIERARCHY_PATH_SEPARATOR).filter((part) => part !== '');

/**
 * The level under `path` of a tree: its elements and the path's nodes; null when the path is not
 * in the tree.
 */
export function hierarchyLevel(
  tree: readonly HierarchyNode[],
  path: readonly string[],
): HierarchyDatasetAnswer['data'] | null {
  let level: readonly HierarchyNode[] = tree;
  const values: HierarchyDatasetAnswer['data']['values'] = [];
  for (const part of path) {
    const node = level.find((candidate) => candidate.value === part);
    if (!node) return null;
    values.push({ value: node.value, label: node.label });
    level = node.children ?? [];
  }
  return {
    elements: level.map((node) => ({
      value: node.value,
      label: node.label,
      leaf: !node.children?.length,
    })),
    values,
  };
}

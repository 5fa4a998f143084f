import { describe, expect, it } from 'vitest';
import { hierarchyLevel, parseHierarchyPath } from './hierarchy-dataset';
import type { HierarchyNode } from './template-schema';

const label = (el: string) => ({ el, en: el, fr: el });
const tree: HierarchyNode[] = [
  {
    value: 'GR-I',
    label: label('Αττική'),
    children: [
      { value: 'piraeus', label: label('Πειραιάς') },
      { value: 'islands', label: label('Νήσοι') },
    ],
  },
  { value: 'GR-M', label: label('Κρήτη'), children: [{ value: 'chania', label: label('Χανιά') }] },
];

describe('a hierarchical dataset, level by level', () => {
  it('reads a path split on "/", ignoring empty parts', () => {
    expect(parseHierarchyPath(undefined)).toEqual([]);
    expect(parseHierarchyPath('')).toEqual([]);
    expect(parseHierarchyPath('GR-I/piraeus/')).toEqual(['GR-I', 'piraeus']);
  });

  it('answers the top, a level under a path with its nodes, and a leaf', () => {
    expect(hierarchyLevel(tree, [])?.elements).toEqual([
      { value: 'GR-I', label: label('Αττική'), leaf: false },
      { value: 'GR-M', label: label('Κρήτη'), leaf: false },
    ]);
    expect(hierarchyLevel(tree, ['GR-I'])).toEqual({
      elements: [
        { value: 'piraeus', label: label('Πειραιάς'), leaf: true },
        { value: 'islands', label: label('Νήσοι'), leaf: true },
      ],
      values: [{ value: 'GR-I', label: label('Αττική') }],
    });
    expect(hierarchyLevel(tree, ['GR-M', 'chania'])?.elements).toEqual([]);
  });

  it('knows no path that is not in the tree', () => {
    expect(hierarchyLevel(tree, ['GR-X'])).toBeNull();
    expect(hierarchyLevel(tree, ['GR-I', 'chania'])).toBeNull();
  });
});

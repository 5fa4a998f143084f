import fs from 'node:fs/promises';
import path from 'node:path';
import { hierarchyDatasetSchema, type HierarchyDataset } from '@dilosi/domain';

/**
 * The hierarchical datasets of a catalogue: every *.json of its `datasets` folder, checked
 * against the dataset schema; a file's name is its dataset's name. A missing folder is none.
 * Problems name the file and the path (`datasets/x.json: tree.0.label.fr: …`), as the
 * catalogue's own do.
 */
export async function loadDatasets(
  dir: string,
): Promise<{ datasets: Map<string, HierarchyDataset>; problems: string[] }> {
  const datasets = new Map<string, HierarchyDataset>();
  const problems: string[] = [];
  let names: string[];
  try {
    names = (await fs.readdir(dir)).filter((name) => name.endsWith('.json')).sort();
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return { datasets, problems };
    throw error;
  }
  for (const name of names) {
    const label = `datasets/${name}`;
    let json: unknown;
    try {
      json = JSON.parse(await fs.readFile(path.join(dir, name), 'utf8'));
    } catch (error) {
      problems.push(`${label}: invalid JSON: ${(error as Error).message}`);
      continue;
    }
    const parsed = hierarchyDatasetSchema.safeParse(json);
    if (!parsed.success) {
      for (const issue of parsed.error.issues) {
        problems.push(`${label}: ${issue.path.map(String).join('.')}: ${issue.message}`);
      }
      continue;
    }
    if (`${parsed.data.name}.json` !== name) {
      problems.push(`${label}: name: "${parsed.data.name}" is not the file's name`);
      continue;
    }
    datasets.set(parsed.data.name, parsed.data);
  }
  return { datasets, problems };
}

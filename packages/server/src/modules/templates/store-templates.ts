import type { Template } from '@dilosi/domain';
import { sql } from 'kysely';
import { now } from '../../clock';
import type { Database } from '../../db/database';

/**
 * Records every loaded template version (refname + version), so a document created with a
 * version keeps rendering with it after the catalogue moves on. An unchanged version is
 * overwritten with the file's current content.
 */
export async function storeTemplates(database: Database, templates: readonly Template[]) {
  if (templates.length === 0) return;
  await database.db
    .insertInto('templates')
    .values(
      templates.map((template) => ({
        refname: template.refname,
        version: template.version,
        code: template.code,
        type: template.type,
        definition: JSON.stringify(template),
        loaded_at: now(),
      })),
    )
    .onConflict((oc) =>
      oc.columns(['refname', 'version']).doUpdateSet({
        code: sql`excluded.code`,
        type: sql`excluded.type`,
        definition: sql`excluded.definition`,
        loaded_at: sql`excluded.loaded_at`,
      }),
    )
    .execute();
}

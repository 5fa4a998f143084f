import { DEFAULT_TEMPLATES_DIR, type Config } from '../config';
import { SEED_LOCK_KEY, withAdvisoryLock } from '../db/advisory-lock';
import type { Database } from '../db/database';
import { migrate } from '../db/migrate';
import { loadCatalog, storeTemplates } from '../modules/templates';
import { hasDemoCases, seedDemoCases } from './demo-cases';
import { seedDemoMessages } from './demo-messages';
import { seedDemoData } from './seed-demo-data';

/** Migrations, then the demo seed if configured; answers the migrations applied. */
export async function prepareDatabase(database: Database, config: Config): Promise<string[]> {
  const applied = await migrate(database);
  if (config.SEED_DEMO_DATA) {
    // The seeds check, then insert: two processes starting at once must not both insert.
    await withAdvisoryLock(config.DATABASE_URL, SEED_LOCK_KEY, async () => {
      await seedDemoData(database);
      if (!(await hasDemoCases(database))) {
        // Their documents name their template's version: the catalogue is stored before them
        // (the app stores it again when it starts).
        const templates = await loadCatalog(config.templatesDir, {
          allowMissing: config.templatesDir === DEFAULT_TEMPLATES_DIR,
        });
        await storeTemplates(database, templates);
        await seedDemoCases(database);
      }
      await seedDemoMessages(database);
    });
  }
  return applied;
}

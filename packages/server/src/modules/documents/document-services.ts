import type { Config } from '../../config';
import type { Database } from '../../db/database';
import type { TemplateCatalog } from '../templates';

/** What the document routes need, made once per app. */
export type DocumentServices = {
  catalog: TemplateCatalog;
  database: Database;
  config: Config;
};

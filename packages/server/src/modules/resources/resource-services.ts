import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema';
import type { TemplateCatalog } from '../templates';

/** What the resources' actions read and write. */
export type ResourceServices = { db: Kysely<DB>; catalog: TemplateCatalog };

-- Citizen-name search in an entity's inbox ("contains", Greek or Latin typing, through the folded
-- citizen_name_key) with its total, without reading every case of the entity: one GIN index over
-- the entity and the name's trigrams. bench/inbox.ts, 200,000 cases in one entity: a surname
-- search went from a scan of the entity's rows to a bitmap of the matching ones.
-- Both extensions are trusted (PostgreSQL 13+): the database owner may create them. They live in
-- `public` so that every schema (the tests run one per file) shares one copy; the operator
-- classes are named with their schema for the same reason.
create extension if not exists pg_trgm with schema public;
create extension if not exists btree_gin with schema public;
create index inbox_entries_entity_name_idx on inbox_entries
  using gin (entity_id public.uuid_ops, citizen_name_key public.gin_trgm_ops);

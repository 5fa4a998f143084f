-- Exports of an entity's cases as XLSX or ODS (issue #41): asked by a clerk with the list's
-- filters, built by the case-export job with its progress, kept 7 days, then the file goes and
-- the row stays as history. One export at a time per person and entity.
create table case_exports (
  id uuid primary key default gen_random_uuid(),
  entity_id uuid not null references entities (id) on delete cascade,
  user_id uuid not null references users (id) on delete cascade,
  format text not null check (format in ('xlsx', 'ods')),
  tab text not null,
  query text not null,
  locale text not null,
  state text not null check (state in ('queued', 'running', 'ready', 'failed', 'expired')),
  done integer not null default 0,
  total integer,
  file bytea,
  size integer,
  created_at timestamptz not null,
  updated_at timestamptz not null,
  expires_at timestamptz
);
create index case_exports_owner on case_exports (entity_id, user_id, created_at desc);
create unique index case_exports_one_running on case_exports (entity_id, user_id)
  where state in ('queued', 'running');

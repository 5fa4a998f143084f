-- A clerk's saved views of an entity's list of cases (issue #41): a name, a tab and the list's
-- query (its filters, order and size), at most 20 per person and entity, names unique.
create table saved_views (
  id uuid primary key default gen_random_uuid(),
  user_id uuid not null references users (id) on delete cascade,
  entity_id uuid not null references entities (id) on delete cascade,
  name text not null,
  tab text not null,
  query text not null,
  created_at timestamptz not null,
  unique (user_id, entity_id, name)
);

-- Registry look-ups of a step (issue #36, docs/registries.md): started by the citizen's wizard,
-- run by the `registry-lookup` job, polled by the step (`pending` until `notpending`). `results`
-- holds, per registry, the fields filled and when the registry answered (shown on the step).
create table registry_lookups (
  id uuid primary key default gen_random_uuid(),
  document_id uuid not null references documents (id) on delete cascade,
  step text not null,
  -- What to ask, resolved when started: [{ registry, key, fields: { field: attribute } }].
  plan jsonb not null,
  status text not null check (status in ('pending', 'done', 'failed')),
  results jsonb not null default '[]',
  error_code text,
  created_at timestamptz not null,
  finished_at timestamptz
);
create index registry_lookups_document on registry_lookups (document_id, step, created_at desc);

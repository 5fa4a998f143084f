-- Events after commit (issue #32, docs/architecture.md "Events and jobs"): a side effect of a
-- change is a row of the change's own transaction, handled once it has committed and removed in
-- the transaction of its handler, so a process that dies in between leaves it here for the
-- `app-event` job sent with it.
create table app_events (
  id uuid primary key default gen_random_uuid(),
  name text not null,
  payload jsonb not null,
  created_at timestamptz not null,
  attempts integer not null default 0,
  last_error text
);

-- "Take your records with you" (issue #15): a citizen's export of the vault, made by the
-- vault-export job into a ZIP stored here in chunks (the app keeps its PDFs in PostgreSQL too),
-- so every API process can serve it. State through the domain's vault-export machine.
create table vault_exports (
  id uuid primary key default gen_random_uuid(),
  owner_id uuid not null references users (id) on delete cascade,
  state text not null check (state in ('queued', 'running', 'ready', 'failed', 'expired')),
  done integer not null default 0,
  total integer not null default 0,
  size bigint,
  sha256 text,
  created_at timestamptz not null,
  updated_at timestamptz not null,
  expires_at timestamptz
);
create index vault_exports_owner_idx on vault_exports (owner_id, created_at desc);
-- At most one export being made per citizen, whichever process asks.
create unique index vault_exports_one_active_idx on vault_exports (owner_id)
  where state in ('queued', 'running');

create table vault_export_chunks (
  export_id uuid not null references vault_exports (id) on delete cascade,
  seq integer not null,
  bytes bytea not null,
  primary key (export_id, seq)
);

-- A separate attachment upload call (issue #34, POST /api/attachments): the file is checked and
-- kept here, owned by whoever uploaded it, until a create or update of a document references
-- its id (the row then moves into document_files in that transaction) or it expires and the
-- purge job removes it.
create table pending_uploads (
  id uuid primary key default gen_random_uuid(),
  owner_id uuid not null references users (id) on delete cascade,
  filename text not null,
  content_type text not null,
  size integer not null check (size >= 0),
  sha256 text not null,
  bytes bytea not null,
  -- The template field whose limits the upload was checked against, when the caller named one.
  template_refname text,
  field_key text,
  created_at timestamptz not null,
  expires_at timestamptz not null
);
create index pending_uploads_owner_idx on pending_uploads (owner_id);
create index pending_uploads_expires_idx on pending_uploads (expires_at);

-- The uploads a person made, the rows UPLOADS_PER_HOUR counts (a pending upload is consumed, so
-- it cannot count itself); older than an hour they are purged.
create table upload_events (
  id bigint generated always as identity primary key,
  user_id uuid not null references users (id) on delete cascade,
  at timestamptz not null
);
create index upload_events_user_idx on upload_events (user_id, at desc);
create index upload_events_at_idx on upload_events (at);

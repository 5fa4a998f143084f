-- Issuance (issue #5): SMS codes, sealed PDFs, cases of recipient entities, retention.

-- When the document was issued (the PDF's date), and when the citizen hid it from their list
-- (dismiss: the document stays valid and reachable by its reference code).
alter table documents add column issued_at timestamptz;
alter table documents add column dismissed_at timestamptz;
-- Drafts not touched for RETENTION_DAYS are purged by the retention job.
create index documents_draft_updated_idx on documents (updated_at)
  where state in ('editing', 'requested');

-- The SMS code of a document in state requested. Only an HMAC of the code is stored.
create table otp_challenges (
  document_id uuid primary key references documents (id) on delete cascade,
  code_hash text not null,
  -- The certified mobile the code went to, as the outbox addressed it.
  mobile text not null,
  attempts integer not null default 0,
  sends integer not null default 1,
  last_sent_at timestamptz not null,
  expires_at timestamptz not null,
  created_at timestamptz not null
);

-- The sealed PDF of an issued document: stored once, served byte for byte every time.
create table document_pdfs (
  document_id uuid primary key references documents (id) on delete cascade,
  bytes bytea not null,
  sha256 text not null,
  size integer not null,
  created_at timestamptz not null
);
-- "Check a file": a PDF someone was given is looked up by its digest.
create index document_pdfs_sha256_idx on document_pdfs (sha256);

-- What is left of a document the retention job deleted: enough for a validator to learn
-- that the document existed and no longer does, nothing about its content.
create table document_tombstones (
  reference_code text primary key,
  issued_at timestamptz,
  deleted_at timestamptz not null
);

create index documents_retention_idx on documents (retention_until)
  where retention_until is not null;

-- People a citizen shared an issued document with (firstname, surname and tax number).
create table document_shares (
  id uuid primary key default gen_random_uuid(),
  document_id uuid not null references documents (id) on delete cascade,
  firstname text not null,
  surname text not null,
  afm text not null check (afm ~ '^[0-9]{9}$'),
  created_at timestamptz not null
);
create index document_shares_document_idx on document_shares (document_id);

-- Case numbers, per entity inbox: 2026/000123.
create sequence case_number_seq;

-- A document received by an entity: a case in its inbox. The columns the dashboard lists and
-- filters by are copied here, so lists never join documents and a case outlives the citizen's
-- copy when retention deletes it.
create table inbox_entries (
  id uuid primary key default gen_random_uuid(),
  entity_id uuid not null references entities (id),
  document_id uuid references documents (id) on delete set null,
  case_id text not null unique,
  status text not null default 'incoming'
    check (status in ('incoming', 'pending', 'canceled', 'finished', 'forwarded')),
  assignee_id uuid references users (id) on delete set null,
  reference_code text not null,
  template_refname text not null,
  subject text not null,
  citizen_name text not null,
  citizen_afm text,
  received_at timestamptz not null,
  updated_at timestamptz not null
);
create index inbox_entries_entity_status_idx on inbox_entries (entity_id, status, received_at desc);
create index inbox_entries_entity_received_idx on inbox_entries (entity_id, received_at desc);

-- The history of a case: received, assign, change state, comment, send message, reply …
create table case_events (
  id bigint generated always as identity primary key,
  inbox_entry_id uuid not null references inbox_entries (id) on delete cascade,
  action text not null,
  user_id uuid references users (id) on delete set null,
  details jsonb not null default '{}',
  at timestamptz not null
);
create index case_events_entry_idx on case_events (inbox_entry_id, id);

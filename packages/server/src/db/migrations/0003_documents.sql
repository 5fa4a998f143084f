-- Templates and documents (issue #4). Every state change of a document writes its
-- document_events row in the same transaction.

-- Each version of each template the service has loaded from packages/server/templates/*.json.
-- A document keeps the version it was created with, so it renders with that definition even
-- after the catalogue moves on.
create table templates (
  refname text not null,
  version integer not null check (version >= 1),
  code text not null,
  type text not null check (type in ('solemn_declaration', 'authorisation', 'application')),
  -- The parsed definition (defaults filled in), as the template schema of @dilosi/domain reads it.
  definition jsonb not null,
  loaded_at timestamptz not null default now(),
  primary key (refname, version)
);

create table documents (
  id uuid primary key default gen_random_uuid(),
  owner_id uuid not null references users (id) on delete cascade,
  template_refname text not null,
  template_version integer not null,
  type text not null check (type in ('solemn_declaration', 'authorisation', 'application')),
  state text not null check (state in ('editing', 'requested', 'issued', 'revoked')),
  -- The step key of the template the citizen is at.
  step text not null,
  "values" jsonb not null default '{}',
  -- Keys of the fields filled from the registry at creation (external_immutable ones stay so).
  registry_fields jsonb not null default '[]',
  recipient jsonb,
  reference_code text unique,
  is_official boolean not null default true,
  case_id text,
  caller_authorization_id text,
  -- SHA-256 of the canonical JSON of values, recipient and step: an update sent against an
  -- older digest is refused (document_modified).
  digest text not null,
  retention_until timestamptz,
  created_at timestamptz not null,
  updated_at timestamptz not null,
  foreign key (template_refname, template_version) references templates (refname, version)
);
-- The citizen's lists (drafts, issued), newest first.
create index documents_owner_state_updated_idx on documents (owner_id, state, updated_at desc);

-- Files attached to a document's attachment fields (PDF only), one row per position.
create table document_files (
  id uuid primary key default gen_random_uuid(),
  document_id uuid not null references documents (id) on delete cascade,
  field_key text not null,
  attachment_index integer not null check (attachment_index >= 0),
  filename text not null,
  content_type text not null,
  size integer not null check (size >= 0),
  sha256 text not null,
  bytes bytea not null,
  created_at timestamptz not null,
  unique (document_id, field_key, attachment_index)
);

-- The history of a document: create, update, backstep, request, confirm, revoke …
create table document_events (
  id bigint generated always as identity primary key,
  document_id uuid not null references documents (id) on delete cascade,
  action text not null,
  from_state text,
  to_state text,
  step text,
  user_id uuid references users (id) on delete set null,
  at timestamptz not null
);
create index document_events_document_idx on document_events (document_id, id);

-- Corrections a clerk asks of the citizen (issue #41). One open correction per case at a time;
-- the citizen's new draft is recorded when she starts it, and its issuance replaces the case's
-- document (the old one stays valid, or is revoked if she chose so).
create table case_corrections (
  id uuid primary key default gen_random_uuid(),
  inbox_entry_id uuid not null references inbox_entries (id) on delete cascade,
  document_id uuid not null references documents (id) on delete cascade,
  reason text not null,
  requested_by uuid references users (id) on delete set null,
  requested_at timestamptz not null,
  state text not null check (state in ('requested', 'drafted', 'corrected', 'withdrawn')),
  draft_document_id uuid references documents (id) on delete set null,
  revoke_previous boolean not null default false,
  corrected_at timestamptz
);
create unique index case_corrections_open_idx on case_corrections (inbox_entry_id)
  where state in ('requested', 'drafted');
create index case_corrections_draft_idx on case_corrections (draft_document_id);
create index case_corrections_document_idx on case_corrections (document_id);

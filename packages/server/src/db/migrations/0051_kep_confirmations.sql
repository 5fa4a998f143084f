-- In-person confirmation at a KEP (issue #37): an entity may be a citizens' service centre, whose
-- clerks confirm anonymous requests; a request waits with a short code until an officer confirms
-- (the document is issued) or refuses it, or the code expires. One row per document: asking again
-- after a refusal replaces it. The code is unique among the pending ones.
alter table entities add column is_kep boolean not null default false;

create table kep_confirmations (
  document_id uuid primary key references documents (id) on delete cascade,
  code text not null,
  state text not null default 'pending' check (state in ('pending', 'confirmed', 'refused')),
  expires_at timestamptz not null,
  created_at timestamptz not null,
  decided_at timestamptz,
  officer_id uuid references users (id) on delete set null,
  entity_id uuid references entities (id) on delete set null,
  id_type text,
  id_number text,
  refusal_reason text
);
create unique index kep_confirmations_pending_code_idx
  on kep_confirmations (code) where state = 'pending';

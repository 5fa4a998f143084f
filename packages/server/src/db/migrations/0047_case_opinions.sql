-- Opinions ("avis", issue #41): an entity asks another entity or a person (a user) for an opinion
-- on one of its cases, with a question and a deadline, without handing the case over. The expert
-- answers with text and an optional PDF (kept here, like a message's file). Overdue is read from
-- the deadline, not stored.
create table case_opinions (
  id uuid primary key default gen_random_uuid(),
  inbox_entry_id uuid not null references inbox_entries (id) on delete cascade,
  asking_entity_id uuid not null references entities (id) on delete cascade,
  expert_entity_id uuid references entities (id) on delete cascade,
  expert_user_id uuid references users (id) on delete cascade,
  question text not null,
  deadline date not null,
  state text not null check (state in ('requested', 'given', 'cancelled')),
  requested_by uuid references users (id) on delete set null,
  requested_at timestamptz not null,
  answer text,
  answered_by uuid references users (id) on delete set null,
  answered_at timestamptz,
  cancelled_at timestamptz,
  file_name text,
  file_content_type text,
  file_size integer,
  file_sha256 text,
  file_bytes bytea,
  check ((expert_entity_id is null) <> (expert_user_id is null))
);
create index case_opinions_entry_idx on case_opinions (inbox_entry_id, requested_at);
create index case_opinions_expert_entity_idx on case_opinions (expert_entity_id, requested_at)
  where expert_entity_id is not null;
create index case_opinions_expert_user_idx on case_opinions (expert_user_id)
  where expert_user_id is not null;

-- Forwarding between entities and the recipient's answer to a document addressed to them
-- (issues #13 and #15).

-- A case forwarded to another entity: the target gets a case of its own, linked here. The source
-- case keeps its status; "forwarded" is a display label read from these rows. One forward per
-- source and target (already_forwarded).
create table case_forwards (
  id uuid primary key default gen_random_uuid(),
  source_entry_id uuid not null references inbox_entries (id) on delete cascade,
  target_entry_id uuid not null references inbox_entries (id) on delete cascade,
  target_entity_id uuid not null references entities (id),
  -- The recipient dataset the forward came from (forward-info), else null.
  recipient_dataset text,
  user_id uuid references users (id) on delete set null,
  created_at timestamptz not null,
  unique (source_entry_id, target_entity_id)
);
create index case_forwards_target_idx on case_forwards (target_entry_id);

-- Named lists of entities a case's information can be forwarded to at once (forward-info).
create table recipient_datasets (
  codename text primary key,
  title jsonb not null
);
create table recipient_dataset_members (
  dataset text not null references recipient_datasets (codename) on delete cascade,
  entity_id uuid not null references entities (id) on delete cascade,
  primary key (dataset, entity_id)
);

-- The addressee's answer to a document naming them (an authorisation's authorised person, by
-- AFM): pending once issued, then accepted (irreversibly) or rejected with a reason.
alter table documents add column addressee_afm text;
alter table documents add column answer_state text
  check (answer_state in ('pending', 'accepted', 'rejected'));
alter table documents add column answer_reason text;
alter table documents add column answered_at timestamptz;
create index documents_addressee_idx on documents (addressee_afm) where addressee_afm is not null;

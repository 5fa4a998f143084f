-- Who looked at a citizen's document (issue #15, DESIGN section 8): each validation look-up
-- (time, validation context) and each staff view of its case (entity, role, time). Never an
-- address or a user agent. Written in batches by each API process (modules/access-log); gone
-- with the document (cascade) and trimmed by the access-log-retention job.
create table document_access_log (
  id bigint generated always as identity primary key,
  document_id uuid not null references documents (id) on delete cascade,
  kind text not null check (kind in ('validation', 'case_view')),
  validation_context text,
  entity_id uuid references entities (id) on delete set null,
  staff_role text check (staff_role in ('clerk', 'head')),
  at timestamptz not null
);
-- The owner's list, newest first, and the per-document trim.
create index document_access_log_document_idx on document_access_log (document_id, at desc, id desc);
-- The age trim.
create index document_access_log_at_idx on document_access_log (at);

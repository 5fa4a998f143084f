-- A motivated decision on a case (issue #41): accepted, refused or closed without action, with
-- its reason, who took it and when, and optionally an issued reply of the case that supports
-- it. Cleared when the case opens again (a status change).
alter table inbox_entries add column decision text
  check (decision in ('accepted', 'refused', 'without_action'));
alter table inbox_entries add column decision_reason text;
alter table inbox_entries add column decided_at timestamptz;
alter table inbox_entries add column decided_by uuid references users (id) on delete set null;
alter table inbox_entries add column decision_document_id uuid
  references documents (id) on delete set null;

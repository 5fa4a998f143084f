-- Typed private annotations of an entity's cases (issue #41): the fields a head defines for the
-- entity or one of its templates, and their values on each case, filled by its staff. A field's
-- label is unique within the entity; deleting a field deletes its values.
create table annotation_fields (
  id uuid primary key default gen_random_uuid(),
  entity_id uuid not null references entities (id) on delete cascade,
  label text not null,
  kind text not null check (kind in ('yes_no', 'date', 'choice', 'number', 'text')),
  choices text not null default '[]',
  template_refname text,
  created_at timestamptz not null
);
create unique index annotation_fields_label on annotation_fields (entity_id, lower(label));

create table case_annotations (
  inbox_entry_id uuid not null references inbox_entries (id) on delete cascade,
  field_id uuid not null references annotation_fields (id) on delete cascade,
  value text not null,
  updated_by uuid references users (id) on delete set null,
  updated_at timestamptz not null,
  primary key (inbox_entry_id, field_id)
);
-- The list's filter: the cases with a value of a field.
create index case_annotations_field_value on case_annotations (field_id, value);

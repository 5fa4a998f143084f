-- Attachment annotations (issue #41): a field of kind `attachment` keeps one PDF per case, which
-- its staff upload and download; the value is the file's name (the list's column and the export's).
alter table annotation_fields drop constraint annotation_fields_kind_check;
alter table annotation_fields add constraint annotation_fields_kind_check
  check (kind in ('yes_no', 'date', 'choice', 'number', 'text', 'attachment'));

alter table case_annotations
  add column file_id uuid,
  add column file_bytes bytea,
  add column file_size integer,
  add column file_sha256 text;
-- A download token names the file by this id.
create unique index case_annotations_file on case_annotations (file_id) where file_id is not null;

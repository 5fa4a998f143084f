-- "Who looked at my document" also says when staff took the case's PDF (issue #33): a new kind of
-- entry, written like a case view (entity and role). Forwards are read from case_forwards.
alter table document_access_log drop constraint document_access_log_kind_check;
alter table document_access_log
  add constraint document_access_log_kind_check
  check (kind in ('validation', 'case_view', 'pdf_download'));

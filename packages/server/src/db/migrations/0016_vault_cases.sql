-- The citizen's vault (issue #15): their cases are found by their documents, or, for cases
-- without a document, by their tax number; what they received about a case by its id.
create index inbox_entries_document_idx on inbox_entries (document_id);
create index inbox_entries_citizen_afm_idx on inbox_entries (citizen_afm)
  where document_id is null;
create index citizen_messages_case_idx on citizen_messages (inbox_entry_id, tsid desc)
  where inbox_entry_id is not null;

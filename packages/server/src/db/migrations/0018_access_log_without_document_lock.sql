-- The access log's entries no longer check their document through a foreign key (issue #16).
-- Each check took a key-share lock on the document's row: a write to the documents table for
-- every validation look-up (the page dirtied, its WAL record, after a checkpoint the page's full
-- image, and a multixact when two API processes log the same document at once). Measured on
-- 1,000,000 documents, 500-entry batches: 17-22 µs of the database's CPU and 870-1,570 bytes of
-- WAL an entry with the key, 7-10 µs and 360-510 bytes without (docs/performance.md).
--
-- What the key kept stays true by other means:
-- - an entry goes with its document, whatever deletes it (a citizen, the expiry purge, a
--   deleted account's cascade): the trigger below, in the deleting transaction (not a TRUNCATE,
--   which nothing in the app runs);
-- - an entry written after its document was deleted (a look-up of the last second, the batch
--   written after the deletion; the writer does not read the document either) is removed by the
--   daily access-log purge, which drops entries of the last 3 days whose document is gone. Such an
--   entry names no one: its document, and with it the owner, are gone.
alter table document_access_log drop constraint document_access_log_document_id_fkey;

-- A row trigger, as the cascade was: each deleted document's entries by the (document_id, at, id)
-- index. (A statement trigger over the deleted rows would keep the plan of its first call on a
-- connection, sized for that call's count of documents.)
create function document_access_log_forget() returns trigger
language plpgsql as $$
begin
  delete from document_access_log where document_id = old.id;
  return null;
end;
$$;

create trigger documents_forget_access_log after delete on documents
  for each row execute function document_access_log_forget();

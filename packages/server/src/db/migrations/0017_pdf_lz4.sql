-- Sealed PDFs are compressed with lz4 instead of pglz when they are stored out of line (issue
-- #16): the same bytes back, a smaller row (a 36.9 KB PDF: 19.4 KB stored instead of 21.3), and
-- about half of PostgreSQL's CPU to store each one. Rows already stored keep pglz; both read
-- back alike. A server built without lz4, and PGlite, refuse the setting: the column then keeps
-- the server's default compression.
do $$
begin
  alter table document_pdfs alter column bytes set compression lz4;
exception
  when feature_not_supported then
    raise notice 'lz4 is not available: document_pdfs.bytes keeps the default compression';
end
$$;

-- A case's messages become one two-way thread (issue #33): the citizen writes into the thread of
-- her case and may attach one PDF to a message. The file is stored in the database like the
-- documents' attachments (`document_files`), one at most per message, so the message's id names
-- it (and its download token).
create table case_message_files (
  case_message_id uuid primary key references case_messages (id) on delete cascade,
  filename text not null,
  content_type text not null,
  size integer not null check (size >= 0),
  sha256 text not null,
  bytes bytea not null,
  created_at timestamptz not null
);

-- A citizen's own messages are the events her rate limit counts (the sliding windows of
-- case-message-limits.ts): her newest ones, in any case.
create index case_messages_citizen_author_idx on case_messages (user_id, created_at desc)
  where direction = 'citizen';

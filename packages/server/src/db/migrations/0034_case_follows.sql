-- A staff member follows a case (issue #41): her "followed by me" list (the inbox's
-- `followed=me`). One row per case and person; gone with either.
create table case_follows (
  inbox_entry_id uuid not null references inbox_entries (id) on delete cascade,
  user_id uuid not null references users (id) on delete cascade,
  created_at timestamptz not null,
  primary key (user_id, inbox_entry_id)
);
create index case_follows_entry_idx on case_follows (inbox_entry_id);

-- Replies and documents issued by an entity (issue #13). Such a document is a row of
-- `documents` like any other: `owner_id` is the clerk who wrote it (its author), and these
-- columns say on whose behalf it is issued, which case it answers and which citizen receives it.

-- The entity the document is issued by; null for a citizen's own document.
alter table documents add column issuer_entity_id uuid references entities (id) on delete cascade;
-- The case a reply answers (the `targets` of spec section 7: type entry, ref inbox id).
alter table documents add column reply_to_entry_id uuid references inbox_entries (id) on delete set null;
-- The citizen the issued document reaches (as an `incoming-document` message); only they may
-- fetch it besides the entity's staff.
alter table documents add column recipient_user_id uuid references users (id) on delete set null;
-- The AFM an entity's document is addressed to (step "recipient" of an issue template).
alter table documents add column recipient_afm text;

-- The replies tab of a case.
create index documents_reply_to_entry_idx on documents (reply_to_entry_id, created_at)
  where reply_to_entry_id is not null;
-- An entity's own documents (drafts and issued).
create index documents_issuer_entity_idx on documents (issuer_entity_id, state, updated_at desc)
  where issuer_entity_id is not null;
-- What a citizen received.
create index documents_recipient_user_idx on documents (recipient_user_id)
  where recipient_user_id is not null;

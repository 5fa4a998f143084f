-- Alert caps (issue #31, docs/notifications.md "Alert caps"). A mailbox arrival alerts its
-- citizen by SMS and e-mail; these tables bound how many such alerts reach one citizen, and one
-- destination, per channel in an hour and in a day, over every entity and person together.
-- Several API processes count the same rows, in the transaction that writes the alert.

-- One row per alert sent (a digest included), with the citizen and the destination as the
-- outbox addresses it (+30…, lower-cased e-mail): each is counted on its own. Rows older than the
-- longest window (a day) are deleted by the documents-retention job.
create table alert_events (
  id bigint generated always as identity primary key,
  user_id uuid not null references users (id) on delete cascade,
  channel text not null check (channel in ('sms', 'email')),
  recipient text not null,
  at timestamptz not null
);
create index alert_events_user_idx on alert_events (user_id, channel, at desc);
create index alert_events_recipient_idx on alert_events (channel, recipient, at desc);
create index alert_events_at_idx on alert_events (at);

-- Alerts held back past a cap, folded into one digest per citizen and channel ("you have 7 new
-- messages"), sent by the alert-digests job once the window has room (due_at).
create table alert_digests (
  user_id uuid not null references users (id) on delete cascade,
  channel text not null check (channel in ('sms', 'email')),
  held integer not null check (held > 0),
  first_held_at timestamptz not null,
  due_at timestamptz not null,
  primary key (user_id, channel)
);
create index alert_digests_due_idx on alert_digests (due_at);

-- One row per message a clerk sends a citizen, counted per entity (ENTITY_MESSAGES_PER_*).
create table entity_message_events (
  id bigint generated always as identity primary key,
  entity_id uuid not null references entities (id) on delete cascade,
  at timestamptz not null
);
create index entity_message_events_entity_idx on entity_message_events (entity_id, at desc);
create index entity_message_events_at_idx on entity_message_events (at);

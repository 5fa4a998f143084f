-- Staff are told (issue #33, docs/dashboard.md "New activity", docs/notifications.md "Entity
-- alerts"). A case's latest activity is kept on the case itself, so the inbox list marks new
-- activity per viewer with one probe of case_reads per listed row, never a scan of case_events.

-- The latest case event (or the arrival): when and by whom (null: the citizen's issuance, a job).
alter table inbox_entries add column last_activity_at timestamptz;
alter table inbox_entries add column last_activity_by uuid references users (id) on delete set null;

update inbox_entries e
set last_activity_at = greatest(e.received_at, latest.at), last_activity_by = latest.user_id
from (
  select distinct on (inbox_entry_id) inbox_entry_id, at, user_id
  from case_events order by inbox_entry_id, at desc, id desc
) latest
where latest.inbox_entry_id = e.id;
update inbox_entries set last_activity_at = received_at where last_activity_at is null;

-- A case that arrives is activity by no one: whoever inserts it need not say so.
create function inbox_entries_activity_default() returns trigger
language plpgsql as $$
begin
  new.last_activity_at := coalesce(new.last_activity_at, new.received_at);
  return new;
end;
$$;
create trigger inbox_entries_activity_default before insert on inbox_entries
  for each row execute function inbox_entries_activity_default();
alter table inbox_entries alter column last_activity_at set not null;

-- The marks count only recent activity (CASE_ACTIVITY_DAYS): a range of this index, with what
-- the tab counts need, read without the table.
create index inbox_entries_entity_activity_idx on inbox_entries (entity_id, last_activity_at desc)
  include (id, status, assignee_id, last_activity_by, dismissed_at);

-- When each staff member last opened each case (GET of the case).
create table case_reads (
  inbox_entry_id uuid not null references inbox_entries (id) on delete cascade,
  user_id uuid not null references users (id) on delete cascade,
  seen_at timestamptz not null,
  primary key (inbox_entry_id, user_id)
);

-- Each staff member's own choice of alerts, per entity: each event, a daily digest, or none.
create table staff_alert_preferences (
  user_id uuid not null references users (id) on delete cascade,
  entity_id uuid not null references entities (id) on delete cascade,
  mode text not null check (mode in ('each', 'digest', 'none')),
  updated_at timestamptz not null,
  primary key (entity_id, user_id)
);

-- Digests are per person and channel, and per entity for staff ('' for a citizen's mailbox).
alter table alert_digests add column scope text not null default '';
alter table alert_digests drop constraint alert_digests_pkey;
alter table alert_digests add primary key (user_id, channel, scope);

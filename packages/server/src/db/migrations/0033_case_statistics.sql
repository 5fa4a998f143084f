-- An entity's statistics and its bin (issue #41). First: when a case closed (finished or
-- canceled), so that cases finished per week and the time to finish are read from one indexed column, not from the
-- history. Written by the case's one state-change primitive (lib/state-change.ts) when a case
-- closes, and cleared when it opens again.
alter table inbox_entries add column closed_at timestamptz;

-- Cases closed before this column existed: their latest status change in the history, else their
-- last update (docs/decisions.md, "Statistics").
update inbox_entries e
set closed_at = coalesce(
  (select max(ce.at) from case_events ce
   where ce.inbox_entry_id = e.id and ce.action in ('change_state', 'replied')),
  e.updated_at)
where e.status in ('finished', 'canceled');

-- The statistics read only indexes (index-only scans; bench/inbox.ts): each carries the columns
-- its query counts by.
create index inbox_entries_entity_closed_idx on inbox_entries (entity_id, closed_at)
  include (status, assignee_id, received_at, template_refname)
  where closed_at is not null;
create index inbox_entries_entity_open_idx on inbox_entries (entity_id, received_at)
  include (assignee_id, deadline_days, template_refname)
  where status in ('incoming', 'pending');
-- The list's index by arrival, now with the status and template the weekly counts read.
create index inbox_entries_entity_received_incl_idx on inbox_entries (entity_id, received_at desc)
  include (status, template_refname);
drop index inbox_entries_entity_received_idx;

-- The entity's bin (issue #41): its dismissed cases, newest first, and the purge of the old ones.
create index inbox_entries_entity_dismissed_idx on inbox_entries (entity_id, dismissed_at desc)
  where dismissed_at is not null;

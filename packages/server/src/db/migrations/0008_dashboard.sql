-- The entities' dashboard (issue #12): staff roles, case notes and messages, the citizen's
-- messages, search keys and tab counters of the inbox.

-- Who may handle an entity's cases (DESIGN section 8). Access is read from here on every request.
create table permissions (
  id uuid primary key default gen_random_uuid(),
  user_id uuid not null references users (id) on delete cascade,
  entity_id uuid not null references entities (id) on delete cascade,
  role text not null check (role in ('clerk', 'head')),
  state text not null default 'pending'
    check (state in ('pending', 'active', 'rejected', 'deactivated')),
  requested_by uuid references users (id) on delete set null,
  decided_by uuid references users (id) on delete set null,
  reason text,
  created_at timestamptz not null default now(),
  decided_at timestamptz,
  updated_at timestamptz not null default now()
);
-- One open request or role per person, entity and role.
create unique index permissions_open_uq on permissions (user_id, entity_id, role)
  where state in ('pending', 'active');
create index permissions_entity_idx on permissions (entity_id, state);
create index permissions_user_idx on permissions (user_id, state);

-- The citizen's name in one searchable form (domain nameKey: Latin, upper case, no accents,
-- transliteration variants made one), so Greek or Latin typing finds the same case.
alter table inbox_entries add column citizen_name_key text not null default '';
-- Days a case may stay incoming or pending before it is overdue (from its template).
alter table inbox_entries add column deadline_days integer not null default 10;
alter table inbox_entries drop constraint if exists inbox_entries_status_check;
alter table inbox_entries add constraint inbox_entries_status_check
  check (status in ('incoming', 'pending', 'canceled', 'finished'));
create index inbox_entries_entity_assignee_idx
  on inbox_entries (entity_id, assignee_id, status, received_at desc);

-- Tab counts without count(*) over a million rows: kept by a trigger in the transaction of
-- every insert, status change, assignment and delete of a case.
create table inbox_counts (
  entity_id uuid not null references entities (id) on delete cascade,
  status text not null,
  assignee_id uuid not null default '00000000-0000-0000-0000-000000000000',
  n bigint not null default 0,
  primary key (entity_id, status, assignee_id)
);

create function inbox_counts_apply(e uuid, s text, a uuid, delta integer) returns void
language plpgsql as $$
begin
  insert into inbox_counts (entity_id, status, assignee_id, n)
  values (e, s, coalesce(a, '00000000-0000-0000-0000-000000000000'), delta)
  on conflict (entity_id, status, assignee_id) do update set n = inbox_counts.n + delta;
end;
$$;

create function inbox_counts_track() returns trigger
language plpgsql as $$
begin
  if tg_op = 'INSERT' then
    perform inbox_counts_apply(new.entity_id, new.status, new.assignee_id, 1);
  elsif tg_op = 'DELETE' then
    perform inbox_counts_apply(old.entity_id, old.status, old.assignee_id, -1);
  elsif new.status is distinct from old.status
     or new.assignee_id is distinct from old.assignee_id
     or new.entity_id is distinct from old.entity_id then
    perform inbox_counts_apply(old.entity_id, old.status, old.assignee_id, -1);
    perform inbox_counts_apply(new.entity_id, new.status, new.assignee_id, 1);
  end if;
  return null;
end;
$$;

create trigger inbox_entries_counts after insert or update or delete on inbox_entries
  for each row execute function inbox_counts_track();

insert into inbox_counts (entity_id, status, assignee_id, n)
select entity_id, status, coalesce(assignee_id, '00000000-0000-0000-0000-000000000000'), count(*)
from inbox_entries group by 1, 2, 3;

-- Internal notes of a case: never shown to the citizen.
create table case_comments (
  id uuid primary key default gen_random_uuid(),
  inbox_entry_id uuid not null references inbox_entries (id) on delete cascade,
  user_id uuid references users (id) on delete set null,
  comment text not null,
  created_at timestamptz not null
);
create index case_comments_entry_idx on case_comments (inbox_entry_id, created_at);

-- Messages between the entity and the citizen about a case.
create table case_messages (
  id uuid primary key default gen_random_uuid(),
  inbox_entry_id uuid not null references inbox_entries (id) on delete cascade,
  user_id uuid references users (id) on delete set null,
  direction text not null check (direction in ('staff', 'citizen')),
  message text not null,
  created_at timestamptz not null
);
create index case_messages_entry_idx on case_messages (inbox_entry_id, created_at);

-- The citizen's own mailbox (the USER gate; DESIGN section 8).
create table citizen_messages (
  id uuid primary key default gen_random_uuid(),
  owner_id uuid not null references users (id) on delete cascade,
  type text not null check (type in ('message', 'wallet-consent-request', 'shared-document',
    'user-document', 'user-application', 'incoming-document', 'representative-application')),
  status text not null default 'incoming'
    check (status in ('incoming', 'retrieved', 'resolved', 'archived')),
  -- Milliseconds × 1000 + a sequence: only grows, the polling cursor.
  tsid bigint not null unique,
  state_data jsonb not null default '{}',
  document_id uuid references documents (id) on delete set null,
  inbox_entry_id uuid references inbox_entries (id) on delete set null,
  created_at timestamptz not null,
  first_retrieved_at timestamptz,
  expires_at timestamptz
);
create index citizen_messages_owner_idx on citizen_messages (owner_id, status, tsid desc);
create sequence citizen_message_tsid_seq;

-- Staff and settings decisions of an entity (issue #14): who asked for or granted a role, who
-- rejected or deactivated it, who changed the settings or disabled the mailbox, and when. Written
-- in the transaction of the change it records; the entity's head reads it.
create table entity_decisions (
  id bigint generated always as identity primary key,
  entity_id uuid not null references entities (id) on delete cascade,
  action text not null check (action in ('request', 'accept', 'reject', 'add', 'role_change',
    'deactivate', 'settings_change', 'activate', 'enable', 'disable')),
  user_id uuid references users (id) on delete set null,
  subject_user_id uuid references users (id) on delete set null,
  permission_id uuid references permissions (id) on delete set null,
  details jsonb not null default '{}',
  at timestamptz not null
);
create index entity_decisions_entity_idx on entity_decisions (entity_id, at desc, id desc);

-- The requests list of a person, newest first.
create index permissions_user_created_idx on permissions (user_id, created_at desc);

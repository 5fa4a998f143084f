-- An entity's notices, shown to citizens on its templates (issue #39, spec section 7's
-- notifications resource). A deactivated notice is kept (it was shown) and cannot be deleted.
create table entity_notifications (
  id uuid primary key default gen_random_uuid(),
  entity_id uuid not null references entities (id) on delete cascade,
  message text not null check (length(message) between 1 and 2000),
  is_active boolean not null default true,
  created_by uuid references users (id) on delete set null,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now()
);
create index entity_notifications_entity_idx on entity_notifications (entity_id, created_at desc);

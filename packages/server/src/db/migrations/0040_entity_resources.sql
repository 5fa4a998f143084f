-- The entity resources of issue #39 that need storage: which templates an entity may issue or
-- reply with, who owns a recipient dataset, and the extra staff roles a head can grant.

-- Which templates an entity's staff may use, and for what (issue or reply). Replaces the
-- template's own `entity_use` as the grant: `entity_use` stays what a template can be used for,
-- this table says which entity may. Served as the `template-permissions` resource.
create table entity_template_permissions (
  entity_id uuid not null references entities (id) on delete cascade,
  template_refname text not null,
  use text not null check (use in ('issue', 'reply')),
  granted_by uuid references users (id) on delete set null,
  created_at timestamptz not null default now(),
  primary key (entity_id, template_refname, use)
);

-- What held until now, kept: every entity may use every stored template marked for a use.
insert into entity_template_permissions (entity_id, template_refname, use)
select e.id, t.refname, u.use
from entities e
cross join (
  select distinct on (refname) refname, definition
  from templates
  order by refname, version desc
) t
cross join lateral jsonb_array_elements_text(
  case when jsonb_typeof(t.definition -> 'entity_use') = 'array'
    then t.definition -> 'entity_use' else '[]'::jsonb end
) as u(use)
where u.use in ('issue', 'reply')
on conflict do nothing;

-- A recipient dataset belongs to the entity that keeps it (the `recipient-datasets` resource);
-- datasets without one are shared and kept by the platform.
alter table recipient_datasets
  add column owner_entity_id uuid references entities (id) on delete cascade;
create index recipient_datasets_owner_idx on recipient_datasets (owner_entity_id);

-- The extra roles a head can grant (spec's staff roles): author of templates, settings owner.
alter table permissions drop constraint if exists permissions_role_check;
alter table permissions add constraint permissions_role_check
  check (role in ('clerk', 'head', 'templates_author', 'settings_owner'));

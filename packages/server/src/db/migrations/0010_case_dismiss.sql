-- A closed case can be taken off the entity's lists (the staff "dismiss" of spec section 4); a
-- status change brings it back. Dismissed cases are not counted in the tabs.
alter table inbox_entries add column dismissed_at timestamptz;

create or replace function inbox_counts_track() returns trigger
language plpgsql as $$
begin
  if tg_op = 'INSERT' then
    if new.dismissed_at is null then
      perform inbox_counts_apply(new.entity_id, new.status, new.assignee_id, 1);
    end if;
  elsif tg_op = 'DELETE' then
    if old.dismissed_at is null then
      perform inbox_counts_apply(old.entity_id, old.status, old.assignee_id, -1);
    end if;
  elsif new.status is distinct from old.status
     or new.assignee_id is distinct from old.assignee_id
     or new.entity_id is distinct from old.entity_id
     or (new.dismissed_at is null) <> (old.dismissed_at is null) then
    if old.dismissed_at is null then
      perform inbox_counts_apply(old.entity_id, old.status, old.assignee_id, -1);
    end if;
    if new.dismissed_at is null then
      perform inbox_counts_apply(new.entity_id, new.status, new.assignee_id, 1);
    end if;
  end if;
  return null;
end;
$$;

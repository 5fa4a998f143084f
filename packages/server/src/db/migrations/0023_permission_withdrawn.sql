-- A person may withdraw an access request no head has answered yet (issue #33).
alter table permissions drop constraint permissions_state_check;
alter table permissions
  add constraint permissions_state_check
  check (state in ('pending', 'active', 'rejected', 'deactivated', 'withdrawn'));

-- The entity's decisions record the withdrawal.
alter table entity_decisions drop constraint entity_decisions_action_check;
alter table entity_decisions
  add constraint entity_decisions_action_check
  check (action in ('request', 'withdraw', 'accept', 'reject', 'add', 'role_change',
    'deactivate', 'settings_change', 'activate', 'enable', 'disable'));

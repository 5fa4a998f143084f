import { RuleTester } from 'eslint';
import { builtinRules } from 'eslint/use-at-your-own-risk';
import tseslint from 'typescript-eslint';
import { describe, it } from 'vitest';
import { jointTableWrite, stateColumnWrite, stateLiteralWrite } from './eslint-state-writes.mjs';

RuleTester.describe = describe;
RuleTester.it = it;
RuleTester.itOnly = it.only;

const tester = new RuleTester({
  languageOptions: { parser: tseslint.parser, ecmaVersion: 2022, sourceType: 'module' },
});

const options = [stateLiteralWrite];
const bites = [{ message: stateLiteralWrite.message }];

tester.run(
  'no-restricted-syntax (state literal in a write)',
  builtinRules.get('no-restricted-syntax'),
  {
    valid: [
      {
        code: "db.updateTable('documents').set({ state: moved.state, step: 'revoked' });",
        options,
      },
      { code: "db.insertInto('inbox_entries').values({ status: caseMachine.initial });", options },
      { code: "db.selectFrom('documents').where('state', '=', 'issued');", options },
      { code: "db.updateTable('documents').set({ step: 'issued' });", options },
      { code: "const answer = { status: 'sent' };", options },
      {
        code: "await updateDocumentRecorded(trx, id, { state: requested, step: 'code' }, []);",
        options,
      },
    ],
    invalid: [
      { code: "db.updateTable('documents').set({ state: 'revoked' });", options, errors: bites },
      {
        code: "trx.insertInto('citizen_messages').values({ owner_id: id, status: 'incoming' });",
        options,
        errors: bites,
      },
      {
        code: "db.updateTable('outbox').set((eb) => ({ status: 'sending', n: eb('n', '+', 1) }));",
        options,
        errors: bites,
      },
      {
        code: "await updateDocumentRecorded(trx, id, { state: 'issued' }, events);",
        options,
        errors: bites,
      },
      {
        code: "trx.insertInto('permissions').values([{ state: 'pending' }, { state: 'active' }]);",
        options,
        errors: [...bites, ...bites],
      },
    ],
  },
);

const columnOptions = [stateColumnWrite];
const columnBites = [{ message: stateColumnWrite.message }];

tester.run(
  'no-restricted-syntax (state column written outside changeState)',
  builtinRules.get('no-restricted-syntax'),
  {
    valid: [
      {
        code: "trx.updateTable('inbox_entries').set({ last_activity_at: at });",
        options: columnOptions,
      },
      { code: "trx.updateTable('permissions').set({ status: x });", options: columnOptions },
      { code: "trx.updateTable('documents').set({ state: moved.state });", options: columnOptions },
      {
        code: "trx.insertInto('citizen_messages').values({ status: messageMachine.initial });",
        options: columnOptions,
      },
    ],
    invalid: [
      {
        code: "trx.updateTable('inbox_entries').set({ status: moved.state, updated_at: at });",
        options: columnOptions,
        errors: columnBites,
      },
      {
        code: "db.updateTable('citizen_messages').set({ ...columns, status: to });",
        options: columnOptions,
        errors: columnBites,
      },
      {
        code: "trx.updateTable('permissions').set({ state: moved.state });",
        options: columnOptions,
        errors: columnBites,
      },
    ],
  },
);

const jointOptions = [jointTableWrite];
const jointBites = [{ message: jointTableWrite.message }];

tester.run(
  'no-restricted-syntax (joint tables written outside modules/joint)',
  builtinRules.get('no-restricted-syntax'),
  {
    valid: [
      { code: "db.selectFrom('joint_consents').select('id');", options: jointOptions },
      {
        code: "trx.selectFrom('joint_signatories').where('afm', '=', afm).execute();",
        options: jointOptions,
      },
      { code: "trx.updateTable('documents').set({ step: 'x' });", options: jointOptions },
      { code: 'sql`select id from joint_consents`;', options: jointOptions },
    ],
    invalid: [
      {
        code: "trx.updateTable('joint_consents').set({ reminded_at: at });",
        options: jointOptions,
        errors: jointBites,
      },
      {
        code: "db.insertInto('joint_signatories').values(row);",
        options: jointOptions,
        errors: jointBites,
      },
      {
        code: "trx.deleteFrom('joint_consents').where('id', '=', id);",
        options: jointOptions,
        errors: jointBites,
      },
      {
        code: 'sql`UPDATE joint_consents SET state = ${to} WHERE id = ${id}`.execute(db);',
        options: jointOptions,
        errors: jointBites,
      },
      {
        code: 'sql`delete from "joint_signatories" where consent_id = ${id}`;',
        options: jointOptions,
        errors: jointBites,
      },
    ],
  },
);

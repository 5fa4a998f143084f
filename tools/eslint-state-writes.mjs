// A document, a case, a citizen message or a permission changes state only through its machine
// in domain (CONVENTIONS "State machines decide"). In server code that means no string literal
// as the `state` or `status` of an object handed to a Kysely write (`.set(…)`, `.values(…)`):
// the value comes from `transition(machine, from, event)` or `machine.initial`. The same holds
// for the columns handed to `updateDocumentRecorded` (modules/documents), a `.set(…)` of its own.
export const stateLiteralWrite = {
  selector:
    ':matches(CallExpression[callee.property.name=/^(set|values)$/], CallExpression[callee.name="updateDocumentRecorded"]) Property[key.name=/^(state|status)$/] > Literal',
  message:
    "Write a state or status from its machine (transition(…) or machine.initial, domain's state-machines/machines.ts and documents/document-states.ts), not a literal.",
};

// A case's, a permission's or a citizen message's state is written by one function only,
// changeState (server/src/lib/state-change.ts, issue #32): no other `.set(…)` of
// inbox_entries.status, permissions.state or citizen_messages.status.
const setOf = (tables) =>
  `CallExpression[callee.property.name="set"][callee.object.callee.property.name="updateTable"][callee.object.arguments.0.value=/^(${tables})$/]`;
export const stateColumnWrite = {
  selector: `:matches(${setOf('inbox_entries|citizen_messages')} Property[key.name="status"], ${setOf('permissions')} Property[key.name="state"])`,
  message:
    "Change a case's, a permission's or a citizen message's state through changeState (server/src/lib/state-change.ts).",
};

// A joint declaration's consent and signatories are written by modules/joint only (issue #35):
// no Kysely write of a `joint_*` table, nor raw SQL that writes one, anywhere else in the server.
const JOINT_WRITE_SQL = /(insert\s+into|update|delete\s+from)\s+"?joint_/i;
export const jointTableWrite = {
  selector: `:matches(CallExpression[callee.property.name=/^(insertInto|updateTable|deleteFrom|mergeInto|replaceInto)$/] > Literal.arguments[value=/^joint_/], TaggedTemplateExpression[tag.name="sql"] TemplateElement[value.raw=${JOINT_WRITE_SQL}])`,
  message:
    "Joint declarations' tables (joint_*) are written by modules/joint only: call its use cases.",
};

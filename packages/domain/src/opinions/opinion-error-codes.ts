/** Refusals of opinions asked on a case (issue #41; docs/api.md "Opinions"). */
export const OPINION_ERROR_CODES = [
  // No opinion of this id the caller may see (or act on).
  'opinion_not_found',
  // The deadline is not a date after today (Greek time).
  'opinion_deadline_past',
  // An entity asking itself for an opinion.
  'opinion_own_entity',
  // The expert named is no enabled entity with a mailbox, or no person with an account.
  'opinion_expert_unknown',
] as const;

import type { BulkCaseAction, BulkCaseResult } from '@dilosi/domain';
import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema';
import { AppError } from '../../lib/app-error';
import { assignCase } from './assign-case';
import { restoreCase } from './case-bin';
import { changeCaseState } from './change-case-state';
import { dismissCase } from './dismiss-case';

/**
 * POST /api/entity/{e}/inbox/bulk: one action on each selected case, each in its own transaction
 * and with its own history rows (through the same use cases as the case page), so one case that
 * cannot change does not undo the others. Answers what happened to each and the summary. Errors
 * of the request itself (no reason for a rejection, an assignee who is not a clerk) answer 400
 * before any case changes.
 */
export async function bulkUpdateCases(
  db: Kysely<DB>,
  input: { entityId: string; userId: string; action: BulkCaseAction },
): Promise<BulkCaseResult> {
  const { entityId, userId, action } = input;
  const ids = [...new Set(action.ids.map((id) => id.toLowerCase()))];
  const results: BulkCaseResult['results'] = [];
  for (const [index, inboxId] of ids.entries()) {
    try {
      if (action.action === 'assign') {
        await assignCase(db, { entityId, inboxId, userId, assigneeId: action.user_id });
      } else if (action.action === 'dismiss') {
        await dismissCase(db, { entityId, inboxId, userId });
      } else if (action.action === 'restore') {
        await restoreCase(db, { entityId, inboxId, userId });
      } else {
        await changeCaseState(db, {
          entityId,
          inboxId,
          userId,
          state: action.state,
          ...(action.reason === undefined ? {} : { reason: action.reason }),
        });
      }
      results.push({ id: inboxId, case_id: null, ok: true });
    } catch (error) {
      // The request's own mistakes are the same for every case: answer them once, unchanged.
      if (error instanceof AppError && error.statusCode === 400 && index === 0) throw error;
      if (!(error instanceof AppError) || error.statusCode >= 500) throw error;
      results.push({ id: inboxId, case_id: null, ok: false, code: error.code });
    }
  }
  const caseIds = await db
    .selectFrom('inbox_entries')
    .select(['id', 'case_id'])
    .where('entity_id', '=', entityId)
    .where('id', 'in', ids.filter((id) => /^[0-9a-f-]{36}$/.test(id)).concat(NIL))
    .execute();
  const byId = new Map(caseIds.map((row) => [row.id, row.case_id]));
  for (const result of results) result.case_id = byId.get(result.id) ?? null;
  const changed = results.filter((result) => result.ok).length;
  return { changed, failed: results.length - changed, results };
}

const NIL = '00000000-0000-0000-0000-000000000000';

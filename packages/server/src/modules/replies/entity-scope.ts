import { isUuid, type ReplyCaseStatus } from '@dilosi/domain';
import type { Entity } from '../../db/schema';
import { notAllowedOnState, type DocumentScope } from '../documents';
import { issueEntityDocument } from './issue-entity-document';
import type { ReplyServices } from './reply-services';

/**
 * An entity's documents for its staff (spec section 7, scope `entity/{entityId}/…`): any
 * document the entity issues, whichever clerk wrote it. The preview's `submit` (after the
 * reply-confirm dialog) issues it at once, sealed on the entity's behalf: no SMS code;
 * `caseStatus` is the clerk's choice of what that does to a reply's case.
 */
export function entityScope(
  services: ReplyServices,
  entity: Entity,
  options: { caseStatus?: ReplyCaseStatus | undefined } = {},
): DocumentScope {
  const find: DocumentScope['find'] = async (db, id, options = {}) => {
    if (!isUuid(id)) return undefined;
    let query = db
      .selectFrom('documents')
      .selectAll()
      .where('id', '=', id.toLowerCase())
      .where('issuer_entity_id', '=', entity.id);
    if (options.forUpdate) query = query.forUpdate();
    return query.executeTakeFirst();
  };
  return {
    find,
    issuance: {
      request: (input) =>
        issueEntityDocument(services, {
          find,
          entity,
          user: input.user,
          id: input.documentId,
          caseStatus: options.caseStatus,
          locale: input.locale,
        }),
      // An entity's document never waits for a code (state requested is not reached).
      confirm: () => Promise.reject(notAllowedOnState()),
    },
  };
}

import type { TemplateService } from '@dilosi/domain';
import type { User } from '../../db/schema';
import { AppError } from '../../lib/app-error';
import type { Queryable } from '../../db/queryable';

type OneInProgress = Extract<TemplateService, { kind: 'one_in_progress' }>;

/**
 * At most one request of the template in progress per citizen (spec section 8,
 * `poiniko_ait_already_pending` for the criminal record): another document of hers of the same
 * template, issued, whose case at the receiving body is still open, refuses the new one (409,
 * shown as a page). `exceptId` is the document being written, which never counts against itself.
 */
export async function checkOneInProgress(
  db: Queryable,
  service: OneInProgress,
  input: { templateRefname: string; user: Pick<User, 'id'>; exceptId: string },
): Promise<void> {
  const open = await db
    .selectFrom('documents')
    .select('documents.id')
    .where('documents.owner_id', '=', input.user.id)
    .where('documents.template_refname', '=', input.templateRefname)
    .where('documents.state', '=', 'issued')
    .where('documents.id', '<>', input.exceptId)
    .where(({ exists, selectFrom }) =>
      exists(
        selectFrom('inbox_entries')
          .select('inbox_entries.id')
          .whereRef('inbox_entries.document_id', '=', 'documents.id')
          .where('inbox_entries.closed_at', 'is', null),
      ),
    )
    .executeTakeFirst();
  if (open) throw new AppError(409, service.code);
}

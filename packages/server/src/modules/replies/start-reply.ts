import type { ApiDocument, DocumentWrite, Locale } from '@dilosi/domain';
import type { Entity } from '../../db/schema';
import { AppError } from '../../lib/app-error';
import type { CurrentUser } from '../auth';
import { findCase, findCaseCitizen } from '../cases';
import { createDraft, type UploadedFile } from '../documents';
import { findEntityTemplate } from '../templates';
import { documentServicesOf, type ReplyServices } from './reply-services';

/**
 * A clerk starts a reply to a case from one of the entity's reply templates: a draft document
 * issued by the entity (the clerk its author), answering the case (`targets`), for the case's
 * citizen, with the case number, the entity's and the citizen's names filled in; the case
 * history records `replying` in the same transaction. Not a reply template granted to the
 * entity: 400
 * template_not_for_entity; another entity's case: 404 case_not_found.
 */
export async function startReply(
  services: ReplyServices,
  input: {
    /** The clerk's interface language, for refusals. */
    locale: Locale;
    user: CurrentUser;
    entity: Entity;
    inboxId: string;
    template: string;
    /** What the create body carried (spec section 7 envelope): statements, attachments, files. */
    document?: Pick<DocumentWrite['document'], 'statements' | 'attachments'>;
    uploads?: UploadedFile[];
  },
): Promise<ApiDocument> {
  const { database } = services;
  const template = await findEntityTemplate(
    services.database.db,
    services.catalog,
    input.entity.id,
    input.template,
    'reply',
  );
  if (!template) throw new AppError(400, 'template_not_for_entity');
  const entry = await findCase(database.db, input.entity.id, input.inboxId);
  const citizen = await findCaseCitizen(database.db, entry.document_id, entry.citizen_afm);
  return createDraft(documentServicesOf(services), {
    locale: input.locale,
    uploads: input.uploads ?? [],
    user: input.user,
    template,
    document: {
      template: template.refname,
      statements: input.document?.statements ?? {},
      attachments: input.document?.attachments ?? {},
    },
    callerAuthorizationId: null,
    entity: {
      entityId: input.entity.id,
      replyToEntryId: entry.id,
      recipientUserId: citizen?.id ?? null,
      values: {
        case_id: entry.case_id,
        entity_name: input.entity.display_name.el,
        citizen_name: entry.citizen_name,
      },
    },
  });
}

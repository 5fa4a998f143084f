import type { ApiDocument, DocumentWrite, Locale } from '@dilosi/domain';
import type { Entity } from '../../db/schema';
import { AppError } from '../../lib/app-error';
import type { CurrentUser } from '../auth';
import { createDraft, type UploadedFile } from '../documents';
import { findEntityTemplate } from '../templates';
import { documentServicesOf, type ReplyServices } from './reply-services';

/**
 * A clerk starts a document the entity issues to a citizen (the templates page): a draft of
 * one of the entity's issue templates, the entity's name filled in; the citizen is named by AFM
 * in the wizard. Not an issue template granted to
 * the entity: 400 template_not_for_entity.
 */
export async function startEntityDocument(
  services: ReplyServices,
  input: {
    locale: Locale;
    user: CurrentUser;
    entity: Entity;
    template: string;
    /** What the create body carried (spec section 7 envelope): statements, attachments, files. */
    document?: Pick<DocumentWrite['document'], 'statements' | 'attachments'>;
    uploads?: UploadedFile[];
  },
): Promise<ApiDocument> {
  const template = await findEntityTemplate(
    services.database.db,
    services.catalog,
    input.entity.id,
    input.template,
    'issue',
  );
  if (!template) throw new AppError(400, 'template_not_for_entity');
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
      replyToEntryId: null,
      recipientUserId: null,
      values: { entity_name: input.entity.display_name.el },
    },
  });
}

import type { ApiDocument, DocumentWrite, Locale } from '@dilosi/domain';
import type { Entity } from '../../db/schema';
import type { CurrentUser } from '../auth';
import { templateRequired, type UploadedFile } from '../documents';
import type { ReplyServices } from './reply-services';
import { startEntityDocument } from './start-entity-document';
import { startReply } from './start-reply';

/**
 * An entity creates a document from the spec's create body (section 7): with a `targets` entry
 * it is a reply to that case — the same use case as POST entity/{e}/inbox/{i}/reply (a reply
 * template, the case must be the entity's: else 404 case_not_found); without, a document the
 * entity issues to a citizen (an issue template), as POST entity/{e}/documents.
 */
export async function createEntityDocument(
  services: ReplyServices,
  input: {
    locale: Locale;
    user: CurrentUser;
    entity: Entity;
    body: Pick<DocumentWrite, 'document' | 'targets'>;
    uploads: UploadedFile[];
  },
): Promise<ApiDocument> {
  const { document, targets } = input.body;
  if (!document.template) throw templateRequired();
  const common = {
    locale: input.locale,
    user: input.user,
    entity: input.entity,
    template: document.template,
    document,
    uploads: input.uploads,
  };
  const entry = targets?.[0];
  return entry
    ? startReply(services, { ...common, inboxId: entry.ref })
    : startEntityDocument(services, common);
}

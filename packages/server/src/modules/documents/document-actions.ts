import type { DocumentUserAction } from '@dilosi/domain';
import type { IssuanceServices } from '../issuance';
import { createPdfLink } from './create-pdf-link';
import type { DocumentActionUseCase } from './document-action';
import { declarationNotFound } from './document-errors';
import { dismissDocument } from './dismiss-document';
import { downloadAttachment } from './download-attachment';
import { resendEmailOtp } from './resend-email-otp';
import { resendOtp } from './resend-otp';
import { retrieveDocument } from './retrieve-document';
import { revokeDocument } from './revoke-document';
import type {
  ScopeActionServices,
  ScopeActionTable,
  ScopeActionUseCase,
} from './scope-actions/scope-action';
import { sendDocumentLink } from './send-document-link';
import { setRetention } from './set-retention';
import { shareDocument } from './share-document';

/** An owner's action: only her own document (the domain's table lets no one else reach it). */
function ownerAction(useCase: DocumentActionUseCase): ScopeActionUseCase<IssuanceServices> {
  return (services, { user, stored, template, args, locale }) => {
    if (!user || !stored || !template) throw declarationNotFound();
    return useCase(services, { user, stored, template, args, locale });
  };
}

/** What anyone who reaches the document may do: read it, its PDF, its attachments. */
export const readActions = {
  retrieve: retrieveDocument,
  pdf: createPdfLink,
  'download-attachment': downloadAttachment,
} satisfies Record<string, ScopeActionUseCase<ScopeActionServices>>;

/** The use case of each document action, one file each (the scopes dispatch on `action`). */
export const documentActions: Record<DocumentUserAction, ScopeActionUseCase<IssuanceServices>> = {
  ...readActions,
  share: ownerAction(shareDocument),
  revoke: ownerAction(revokeDocument),
  resend_otp: ownerAction(resendOtp),
  resend_email_otp: ownerAction(resendEmailOtp),
  'send-document-link': ownerAction(sendDocumentLink),
  dismiss: ownerAction(dismissDocument),
  'set-retention': ownerAction(setRetention),
};

/** The citizen's own scopes: my-declarations, citizen-declarations, gates/USER/gate/documents. */
export const citizenScopeActions = {
  useCases: documentActions,
} satisfies ScopeActionTable<'my-declarations', IssuanceServices>;

/** Scopes that only read (an entity's own documents, a received message's document). */
export const readScopeActions = {
  useCases: readActions,
} satisfies ScopeActionTable<'gates/{gateId}/gate/documents', ScopeActionServices>;

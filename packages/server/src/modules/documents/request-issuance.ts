import type { ApiDocument } from '@dilosi/domain';
import { attachmentContentUri } from '../../lib/attachment-download';
import { now } from '../../clock';
import { AppError } from '../../lib/app-error';
import { issueDocument } from './issue-document';
import { computeDigest } from './compute-digest';
import { contentOf, toApiDocument } from './to-api-document';
import { declarationNotFound, notAllowedOnState } from './document-errors';
import { findAsIssuer, issuerKindOf } from './document-issuer';
import { listDocumentFiles, updateDocumentRecorded } from './document-queries';
import { nextDocumentState } from './document-transition';
import { nextEditingStep, requestedStep, stepOf } from './document-content';
import type { IssuanceInput } from './document-services';
import { certifiedMobileOf, type IssuanceServices, sendOtp } from '../issuance';

/**
 * `submit` at the preview (editing → requested): a six-digit code is sent by SMS to the
 * citizen's certified mobile, the document waits at the template's confirm step. Submitting
 * again after going back replaces the code. An anonymous template used through an anonymous
 * login has no mobile to send to: the captcha solved at creation was its confirmation, and it is
 * issued at once, not official (is_official false).
 */
export async function requestIssuance(
  services: IssuanceServices,
  input: IssuanceInput,
): Promise<ApiDocument> {
  const { catalog, config, database } = services;
  const { issuer, user, documentId, document, locale } = input;

  const stored = input.stored ?? (await findAsIssuer(database.db, issuer, documentId));
  if (!stored) throw declarationNotFound();
  if (issuerKindOf(issuer).confirmation === 'none') {
    // An entity's document: issued at once on its behalf (editing → issued), sealed with its name.
    return issueDocument(services, {
      stored,
      issuer,
      user: user.record,
      from: 'editing',
      codeHash: null,
      isOfficial: stored.is_official,
      locale,
    });
  }
  const template = await catalog.definition(stored.template_refname, stored.template_version);
  if (template.anonymous && user.isAnonymous) {
    // A template confirmed only at a KEP: its code comes from /in-person (modules/kep).
    if (!template.anonymous_confirmation.includes('captcha')) {
      throw new AppError(409, 'in_person_required');
    }
    const sentDigest = document['digest-sha256'];
    if (sentDigest !== undefined && sentDigest !== stored.digest) {
      throw new AppError(409, 'document_modified');
    }
    // No code to send: issueDocument requests and confirms at once (editing → issued).
    nextDocumentState(stored.state, 'request');
    return issueDocument(services, {
      stored,
      issuer,
      user: user.record,
      from: 'editing',
      codeHash: null,
      isOfficial: false,
      locale,
    });
  }
  const mobile = certifiedMobileOf(user);

  const { row, files, challenge } = await database.db.transaction().execute(async (trx) => {
    const locked = await findAsIssuer(trx, issuer, documentId, { forUpdate: true });
    if (!locked) throw declarationNotFound();
    const requested = nextDocumentState(locked.state, 'request');
    const sentDigest = document['digest-sha256'];
    if (sentDigest !== undefined && sentDigest !== locked.digest) {
      throw new AppError(409, 'document_modified');
    }
    const storedFiles = await listDocumentFiles(trx, locked.id, template);
    const content = contentOf(locked, storedFiles);
    const step = stepOf(template, locked.step);
    if (!step || nextEditingStep(template, step.key, content)) throw notAllowedOnState();
    const target = requestedStep(template);
    const challenge = await sendOtp(trx, services, {
      documentId: locked.id,
      mobile,
      locale,
      userId: user.id,
    });
    const updated = await updateDocumentRecorded(
      trx,
      locked.id,
      {
        state: requested,
        step: target.key,
        digest: computeDigest({
          values: locked.values,
          recipient: content.recipient,
          step: target.key,
        }),
        updated_at: now(),
      },
      [
        {
          action: 'requested',
          fromState: locked.state,
          toState: requested,
          step: target.key,
          userId: user.id,
        },
      ],
    );
    return { row: updated, files: storedFiles, challenge };
  });
  return toApiDocument(template, row, files, {
    config,
    challenge,
    pdf: null,
    attachmentUri: attachmentContentUri(services),
  });
}

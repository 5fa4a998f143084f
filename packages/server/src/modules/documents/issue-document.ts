import crypto from 'node:crypto';
import { attachmentContentUri } from '../../lib/attachment-download';
import {
  referenceCodeFromRandomBytes,
  renderDocumentPreview,
  type ApiDocument,
  type DocumentState,
  type Locale,
  type LocalizedText,
  DAY_MS,
} from '@dilosi/domain';
import { now } from '../../clock';
import { cachedStatement } from '../../db/cached-statement';
import type { Transaction } from 'kysely';
import type { DB, DocumentRow, User } from '../../db/schema';
import { AppError } from '../../lib/app-error';
import { PDF_LABELS } from '../../pdf/pdf-labels';
import { afterIssue } from './after-issue';
import { claimTemplateService } from '../template-services';
import { computeDigest } from './compute-digest';
import { contentOf, toApiDocument } from './to-api-document';
import { declarationNotFound } from './document-errors';
import { findAsIssuer, type Issuer, issuerKindOf } from './document-issuer';
import { cachedDocumentWrite, listDocumentFiles } from './document-queries';
import { nextDocumentState } from './document-transition';
import { renderSealedPdf, type IssuanceServices } from '../issuance';

const MAX_CODE_TRIES = 5;

class ReferenceCodeClash extends Error {}

function isReferenceCodeClash(error: unknown): boolean {
  if (error instanceof ReferenceCodeClash) return true;
  const { code, constraint } = error as { code?: string; constraint?: string };
  return code === '23505' && (constraint === undefined || constraint.includes('reference_code'));
}

export type IssueInput = {
  /** The document as read before (unlocked): its values are what the PDF shows. */
  stored: DocumentRow;
  /** Who issues it: its look-up under lock, the issuer's name on the PDF, what follows. */
  issuer: Issuer;
  /** The caller: the citizen, or the clerk issuing on the entity's behalf. */
  user: User;
  /** The state issuance starts from: requested (SMS code), editing (anonymous, no code). */
  from: Extract<DocumentState, 'requested' | 'editing'>;
  /** The challenge the right code was checked against; it must still be the current one. */
  codeHash: string | null;
  isOfficial: boolean;
  /**
   * The language of the interface it was issued from: other than Greek, the PDF also carries the
   * document's text in it, as a translation for information (docs/pdf.md).
   */
  locale?: Locale;
  /**
   * Paragraphs added after the text in the PDF: a joint declaration's signatories with the time
   * of each signature (modules/joint, issue #35).
   */
  appendix?: readonly LocalizedText[];
  /**
   * What the caller records with the issuance, in its transaction, before the `issued` row: a
   * KEP officer's confirmation (modules/kep, issue #37).
   */
  beforeIssued?: (trx: Transaction<DB>, at: Date) => Promise<void>;
};

/** Deletes the document's SMS challenge, answering the hash of its code. */
const useChallenge = cachedStatement((db, { documentId }: { documentId: string }) =>
  db.deleteFrom('otp_challenges').where('document_id', '=', documentId).returning('code_hash'),
);

/**
 * The document issued, with its two history rows. A code a deleted document used (its
 * tombstone) is not given again; the row is locked, so no row back means exactly that (and the
 * caller's throw rolls back the history rows written with it).
 */
const writeIssued = cachedDocumentWrite(
  2,
  (
    creator,
    values: {
      id: string;
      state: DocumentState;
      referenceCode: string;
      issuedAt: Date;
      isOfficial: boolean;
      retentionUntil: Date;
      digest: string;
    },
  ) =>
    creator
      .updateTable('documents')
      .set({
        state: values.state,
        step: 'issued',
        reference_code: values.referenceCode,
        issued_at: values.issuedAt,
        is_official: values.isOfficial,
        retention_until: values.retentionUntil,
        digest: values.digest,
        updated_at: values.issuedAt,
      })
      .where('id', '=', values.id)
      .where(({ not, exists, selectFrom }) =>
        not(
          exists(
            selectFrom('document_tombstones')
              .select('reference_code')
              .where('reference_code', '=', values.referenceCode),
          ),
        ),
      )
      .returningAll(),
);

const insertPdf = cachedStatement(
  (
    db,
    values: { documentId: string; bytes: Buffer; sha256: string; size: number; createdAt: Date },
  ) =>
    db.insertInto('document_pdfs').values({
      document_id: values.documentId,
      bytes: values.bytes,
      sha256: values.sha256,
      size: values.size,
      created_at: values.createdAt,
    }),
);

/**
 * Issues a document (requested → issued): a new reference code, the PDF rendered and sealed,
 * then one transaction that stores the PDF with the state, the events `issued` and
 * `pdf_created`, the retention date, and the delivery to the recipient. The PDF is made before
 * the transaction so no lock is held while it renders; the transaction checks that nothing
 * changed meanwhile (state, digest, SMS challenge). A reference code already used (by a
 * document or a tombstone) is drawn again.
 */
export async function issueDocument(
  services: IssuanceServices,
  input: IssueInput,
): Promise<ApiDocument> {
  const { catalog, config, database } = services;
  const { stored, user, issuer } = input;
  const template = await catalog.definition(stored.template_refname, stored.template_version);
  const files = await listDocumentFiles(database.db, stored.id, template);
  const content = contentOf(stored, files);
  // Documents are issued in Greek (docs/pdf.md): the preview carries every language; the PDF reads
  // el, followed by the issuing language's text as a translation when that is not Greek.
  const text = renderDocumentPreview(template, content.values, content.recipient);
  const preview = input.appendix ? { ...text, body: [...text.body, ...input.appendix] } : text;

  for (let attempt = 1; ; attempt += 1) {
    const referenceCode = referenceCodeFromRandomBytes(crypto.randomBytes(10));
    const issuedAt = now();
    const { pdf, sha256 } = await renderSealedPdf(services, {
      preview,
      title: template.title.el,
      referenceCode,
      issuedAt,
      // An anonymous document says its issuer was not identified (issue #37).
      issuer:
        user.anonymous_subject !== null
          ? PDF_LABELS.anonymousIssuer
          : issuerKindOf(issuer).issuerName(issuer),
      locale: input.locale,
    });
    try {
      const row = await database.db.transaction().execute(async (trx) => {
        const locked = await findAsIssuer(trx, issuer, stored.id, { forUpdate: true });
        if (!locked) throw declarationNotFound();
        // Still in the state issuance started from; anonymous issuance (from editing) is the
        // request and its confirmation at once.
        const confirming =
          input.from === 'editing' ? nextDocumentState(locked.state, 'request') : locked.state;
        const issuedState = nextDocumentState(confirming, 'confirm');
        if (locked.digest !== stored.digest) throw new AppError(409, 'document_modified');
        // The template's service (issue #40): checked again under lock, a voucher taken.
        if (issuer.kind === 'citizen') {
          await claimTemplateService(trx, {
            template,
            values: locked.values,
            user,
            documentId: stored.id,
            at: issuedAt,
          });
        }
        // The code is used up with the issuance (a refusal below rolls the delete back).
        const challenge = await useChallenge.executeTakeFirst(trx, { documentId: stored.id });
        // A new code was sent meanwhile: the one entered is no longer the one to use.
        if (input.codeHash !== null && challenge?.code_hash !== input.codeHash) {
          throw new AppError(400, 'otp_expired');
        }
        await input.beforeIssued?.(trx, issuedAt);
        const history = (action: 'issued' | 'pdf_created', fromState: DocumentState) => ({
          documentId: stored.id,
          action,
          fromState,
          toState: issuedState,
          step: 'issued',
          userId: user.id,
        });
        const issued = await writeIssued(
          trx,
          {
            id: stored.id,
            state: issuedState,
            referenceCode,
            issuedAt,
            isOfficial: input.isOfficial,
            retentionUntil: new Date(issuedAt.getTime() + config.RETENTION_DAYS * DAY_MS),
            digest: computeDigest({
              values: locked.values,
              recipient: content.recipient,
              step: 'issued',
            }),
          },
          [history('issued', input.from), history('pdf_created', issuedState)],
        );
        if (!issued) throw new ReferenceCodeClash();
        await insertPdf.execute(trx, {
          documentId: stored.id,
          bytes: pdf,
          sha256,
          size: pdf.length,
          createdAt: issuedAt,
        });
        return afterIssue(trx, services, { issuer, issued, template, user, issuedAt });
      });
      const pdfInfo = { size: pdf.length, sha256 };
      return toApiDocument(template, row, files, {
        config,
        challenge: null,
        pdf: pdfInfo,
        attachmentUri: attachmentContentUri(services),
      });
    } catch (error) {
      if (attempt < MAX_CODE_TRIES && isReferenceCodeClash(error)) continue;
      throw error;
    }
  }
}

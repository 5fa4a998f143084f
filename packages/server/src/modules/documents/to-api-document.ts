import {
  displayValue,
  documentSummary,
  userActionsFor,
  type ApiDocument,
  type DocumentListItem,
  type DocumentState,
  type Recipient,
  type ReplyCaseStatus,
  type Template,
  type TemplateStep,
  type TemplateType,
} from '@dilosi/domain';
import type { DocumentRow } from '../../db/schema';
import { toTemplateSummary } from '../templates';
import { buildStepInfo } from './build-step-info';
import {
  finalStep,
  firstEditingStep,
  requestedStep,
  stepOf,
  type DocumentContent,
} from './document-content';
import { validationUrlOf } from '../issuance';
import { maskMobile, type DocumentExtras } from './document-extras';
import { attachmentsByField, type DocumentFileInfo } from './document-queries';

const iso = (value: Date | string) => new Date(value).toISOString();

export function contentOf(row: DocumentRow, files: readonly DocumentFileInfo[]): DocumentContent {
  return {
    values: row.values,
    registryFields: row.registry_fields,
    attachments: attachmentsByField(files),
    recipient: (row.recipient as Recipient | null) ?? null,
  };
}

/** The content with each attachment value's `content-uri`, when the answer carries them. */
function withContentUris(
  content: DocumentContent,
  attachmentUri: DocumentExtras['attachmentUri'],
): DocumentContent {
  if (!attachmentUri) return content;
  const attachments = Object.fromEntries(
    Object.entries(content.attachments).map(([key, files]) => [
      key,
      files.map((file) => ({ ...file, 'content-uri': attachmentUri(file.file_id) })),
    ]),
  );
  return { ...content, attachments };
}

/** The step a document in this state is shown at. */
function currentStep(template: Template, row: DocumentRow, content: DocumentContent): TemplateStep {
  const state = row.state as DocumentState;
  if (state === 'issued' || state === 'revoked') return finalStep(template, state);
  if (state === 'requested') return requestedStep(template);
  return stepOf(template, row.step) ?? firstEditingStep(template, content);
}

function otpOf(extras: DocumentExtras): ApiDocument['otp'] {
  const { challenge, config } = extras;
  if (!challenge) return null;
  const sendsLeft = Math.max(0, config.OTP_MAX_SENDS - challenge.sends);
  const lastSent = new Date(challenge.last_sent_at).getTime();
  return {
    masked_mobile: maskMobile(challenge.mobile),
    expires_at: iso(challenge.expires_at),
    resend_available_at:
      sendsLeft > 0 ? iso(new Date(lastSent + config.OTP_RESEND_INTERVAL_SECONDS * 1000)) : null,
    attempts_left: Math.max(0, config.OTP_MAX_ATTEMPTS - challenge.attempts),
    sends_left: sendsLeft,
  };
}

/**
 * The spec's `values`: every filled-in field as the document reads it (displayValue, Greek as
 * the preview and the PDF), attachments by file name. Empty values are left out.
 */
export function documentValues(
  template: Template,
  content: DocumentContent,
): Record<string, string> {
  const values: Record<string, string> = {};
  for (const field of template.fields) {
    const text =
      field.component === 'attachment'
        ? (content.attachments[field.key] ?? []).map((file) => file.filename).join(', ')
        : displayValue(field, content.values[field.key], 'el');
    if (text !== '') values[field.key] = text;
  }
  return values;
}

/**
 * data.document of every document answer (apiDocumentSchema). With REFCODE_ENABLED=false the
 * reference codes (its own and its replies') and the QR code's address are left out (the codes
 * stay in the database).
 */
export function toApiDocument(
  template: Template,
  row: DocumentRow,
  files: readonly DocumentFileInfo[],
  extras: DocumentExtras,
): ApiDocument {
  const content = withContentUris(contentOf(row, files), extras.attachmentUri);
  const state = row.state as DocumentState;
  const step = currentStep(template, row, content);
  const otp = otpOf(extras);
  const showCode = extras.config.REFCODE_ENABLED && row.reference_code !== null;
  const isFinal = state === 'issued' || state === 'revoked';
  return {
    id: row.id,
    'declaration-id': row.id,
    'document-id': row.id,
    reference_code: showCode ? row.reference_code : null,
    type: row.type as TemplateType,
    state,
    step_name: step.key,
    step_info: buildStepInfo({
      documentId: row.id,
      template,
      step,
      state,
      content,
      maskedMobile: otp?.masked_mobile ?? null,
      pdfFilename:
        state === 'issued' ? pdfFilename(showCode ? row.reference_code : null, row.id) : null,
    }),
    template: toTemplateSummary(template),
    statements: row.values,
    values: documentValues(template, content),
    attachments: content.attachments,
    recipient: content.recipient,
    replies: (extras.replies ?? []).map((reply) =>
      extras.config.REFCODE_ENABLED ? reply : { ...reply, reference_code: null },
    ),
    'digest-sha256': row.digest,
    case_id: row.case_id,
    is_official: row.is_official,
    // Anonymous use of this template may be confirmed at a KEP (modules/kep, issue #37).
    ...(template.anonymous && template.anonymous_confirmation.includes('in_person')
      ? { anonymous_confirmation: template.anonymous_confirmation }
      : {}),
    created_at: iso(row.created_at),
    timestamp: iso(row.updated_at),
    scope: 'my-declarations',
    issuer_entity_id: row.issuer_entity_id,
    targets: row.reply_to_entry_id ? [{ type: 'entry', ref: row.reply_to_entry_id }] : [],
    ...(row.reply_to_entry_id
      ? { reply_case_status: (template.reply_case_status as ReplyCaseStatus | undefined) ?? 'none' }
      : {}),
    issued_at: row.issued_at ? iso(row.issued_at) : null,
    qrcode:
      isFinal && showCode && row.reference_code
        ? validationUrlOf(extras.config, row.reference_code)
        : null,
    retention_until: isFinal && row.retention_until ? iso(row.retention_until) : null,
    pdf: extras.pdf
      ? {
          filename: pdfFilename(showCode ? row.reference_code : null, row.id),
          size: extras.pdf.size,
          sha256: extras.pdf.sha256,
        }
      : null,
    otp,
    actions: userActionsFor(state),
    texts: {
      ...(template.i18n['success-message']
        ? { 'success-message': template.i18n['success-message'] }
        : {}),
      ...(template.i18n['success-code-message']
        ? { 'success-code-message': template.i18n['success-code-message'] }
        : {}),
    },
  };
}

/** The download's file name: the reference code, else the document id. */
export function pdfFilename(referenceCode: string | null, id: string): string {
  return `${referenceCode ?? id}.pdf`;
}

/** A row of GET /api/citizen-declarations. */
export function toDocumentListItem(template: Template, row: DocumentRow): DocumentListItem {
  return {
    id: row.id,
    reference_code: row.reference_code,
    state: row.state as DocumentState,
    step_name: row.step,
    template: toTemplateSummary(template),
    recipient: (row.recipient as Recipient | null) ?? null,
    created_at: iso(row.created_at),
    timestamp: iso(row.updated_at),
    issued_at: row.issued_at ? iso(row.issued_at) : null,
    retention_until: row.retention_until ? iso(row.retention_until) : null,
    summary: documentSummary(template, (row.values ?? {}) as Record<string, unknown>),
  };
}

import type {
  ApiDocument,
  DocumentListItem,
  DocumentState,
  Recipient,
  Template,
  TemplateType,
} from '@dilosi/domain';
import type { DocumentRow } from '../../db/schema';
import { toTemplateSummary } from '../templates';
import { buildStepInfo } from './build-step-info';
import { firstEditingStep, stepOf, type DocumentContent } from './document-content';
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

/** data.document of create, update, backstep and get (apiDocumentSchema). */
export function toApiDocument(
  template: Template,
  row: DocumentRow,
  files: readonly DocumentFileInfo[],
): ApiDocument {
  const content = contentOf(row, files);
  const state = row.state as DocumentState;
  const step = stepOf(template, row.step) ?? firstEditingStep(template, content);
  return {
    id: row.id,
    'declaration-id': row.id,
    'document-id': row.id,
    reference_code: row.reference_code,
    type: row.type as TemplateType,
    state,
    step: step.key,
    step_info: buildStepInfo({ template, step, state, content }),
    template: toTemplateSummary(template),
    statements: row.values,
    attachments: content.attachments,
    recipient: content.recipient,
    'digest-sha256': row.digest,
    case_id: row.case_id,
    is_official: row.is_official,
    created_at: iso(row.created_at),
    timestamp: iso(row.updated_at),
    scope: 'my-declarations',
  };
}

/** A row of GET /api/citizen-declarations. */
export function toDocumentListItem(template: Template, row: DocumentRow): DocumentListItem {
  return {
    id: row.id,
    reference_code: row.reference_code,
    state: row.state as DocumentState,
    step: row.step,
    template: toTemplateSummary(template),
    recipient: (row.recipient as Recipient | null) ?? null,
    created_at: iso(row.created_at),
    timestamp: iso(row.updated_at),
  };
}

import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { ApiDocument, EntityDocumentWrite, ReplyCaseStatus } from '@dilosi/domain';
import { apiFetch } from '../../../api/api-client';
import { CITIZEN_SCOPE, documentUrl, type WizardScope } from '../document-scope';
import { getDocumentQueryOptions } from './get-document';

export type UpdateDocumentInput = {
  document: ApiDocument;
  statements: Record<string, unknown>;
  /** New files by field. */
  files: Record<string, File[]>;
  /** Already uploaded files to keep, by field. */
  keep: Record<string, { file_id: string }[]>;
  /** `submit` at the preview requests issuance (the SMS code); at confirm it sends the code. */
  action?: 'submit';
  /** With `submit` on a reply to a case: the case's status the clerk chose (entity scope). */
  replyCaseStatus?: ReplyCaseStatus;
};

/**
 * The multipart part name of a new file (spec section 7): file__{field}, or file__{field}#{index}.
 * The server puts an upload at its index and replaces a stored file there, so new files are
 * numbered after the files kept (a field without a keep list keeps all its files).
 */
function filePartNames(
  document: ApiDocument,
  field: string,
  keep: UpdateDocumentInput['keep'],
  count: number,
): string[] {
  const stored = document.attachments[field] ?? [];
  const kept = keep[field]
    ? stored.filter((file) => keep[field]?.some((entry) => entry.file_id === file.file_id))
    : stored;
  const first = kept.reduce((max, file) => Math.max(max, file['attachment-index'] + 1), 0);
  return Array.from({ length: count }, (_, offset) => {
    const index = first + offset;
    return index === 0 && count === 1 ? `file__${field}` : `file__${field}#${index}`;
  });
}

/**
 * POST /api/my-declarations/{id}: saves the current step and moves to the next one. JSON, or
 * multipart/form-data (a `json` part plus one part per new file) when files are attached. The
 * digest makes the server refuse an update of a document changed meanwhile (document_modified).
 */
export async function updateDocument(
  input: UpdateDocumentInput,
  scope: WizardScope = CITIZEN_SCOPE,
): Promise<ApiDocument> {
  const { document } = input;
  const body: EntityDocumentWrite = {
    document: {
      'declaration-id': document['declaration-id'],
      'digest-sha256': document['digest-sha256'],
      statements: input.statements,
      attachments: input.keep,
    },
    interactive: true,
    ...(input.action ? { action: input.action } : {}),
    ...(input.replyCaseStatus && scope.kind === 'entity'
      ? { reply_case_status: input.replyCaseStatus }
      : {}),
  };
  const url = documentUrl(scope, document.id);
  const newFiles = Object.entries(input.files).filter(([, files]) => files.length > 0);
  let response: { data: { document: ApiDocument } };
  if (newFiles.length === 0) {
    response = await apiFetch(url, { method: 'POST', json: body });
  } else {
    const form = new FormData();
    form.append('json', JSON.stringify(body));
    for (const [field, files] of newFiles) {
      const names = filePartNames(document, field, input.keep, files.length);
      files.forEach((file, index) =>
        form.append(names[index] ?? `file__${field}`, file, file.name),
      );
    }
    response = await apiFetch(url, { method: 'POST', body: form });
  }
  return response.data.document;
}

/** On success the cache holds the saved document, so the next step renders at once. */
export function useUpdateDocument(scope: WizardScope = CITIZEN_SCOPE) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: UpdateDocumentInput) => updateDocument(input, scope),
    onSuccess: (document) => {
      queryClient.setQueryData(getDocumentQueryOptions(document.id, scope).queryKey, document);
    },
  });
}

import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type {
  BulkCaseAction,
  BulkCaseResult,
  CaseActionRequest,
  CaseDetail,
  CaseNeighbours,
  CaseMessage,
  CaseNote,
  ClerkPermission,
  EntityTemplate,
  ForwardAction,
  ForwardResult,
  ForwardTargets,
  HistoryItem,
  InboxList,
  PageMeta,
  StaffAlertMode,
} from '@dilosi/domain';
import { apiFetch } from '../../api/api-client';

const enc = encodeURIComponent;

export function useActiveClerks(entityId: string, enabled: boolean) {
  return useQuery({
    queryKey: ['dashboard', 'clerks', entityId],
    queryFn: ({ signal }) =>
      apiFetch<{ data: ClerkPermission[] }>(
        `/api/entities/${enc(entityId)}/active-clerk-permissions`,
        { signal },
      ),
    enabled,
  });
}

/** GET /api/entity/{e}/inbox with the list's query string as the URL has it. */
export function useInbox(entityId: string, query: URLSearchParams) {
  const search = query.toString();
  return useQuery({
    queryKey: ['dashboard', 'inbox', entityId, search],
    queryFn: ({ signal }) =>
      apiFetch<InboxList>(`/api/entity/${enc(entityId)}/inbox?${search}`, { signal }),
    placeholderData: keepPreviousData,
  });
}

const casePath = (entityId: string, inboxId: string) =>
  `/api/entity/${enc(entityId)}/inbox/${enc(inboxId)}`;

/** The case; reading it marks its activity seen, so the lists' marks and counts are read again. */
export function useCase(entityId: string, inboxId: string) {
  const client = useQueryClient();
  return useQuery({
    queryKey: ['dashboard', 'case', entityId, inboxId],
    queryFn: async ({ signal }) => {
      const answer = await apiFetch<{ data: CaseDetail }>(casePath(entityId, inboxId), { signal });
      void client.invalidateQueries({ queryKey: ['dashboard', 'inbox', entityId] });
      return answer;
    },
  });
}

const alertPreferencePath = (entityId: string) => `/api/entity/${enc(entityId)}/alert-preference`;
const alertPreferenceKey = (entityId: string) => ['dashboard', 'alert-preference', entityId];

/** The caller's own e-mail alerts of this entity (GET /api/entity/{e}/alert-preference). */
export function useAlertPreference(entityId: string) {
  return useQuery({
    queryKey: alertPreferenceKey(entityId),
    queryFn: ({ signal }) =>
      apiFetch<{ data: AlertPreference }>(alertPreferencePath(entityId), { signal }),
  });
}

/** Saves the caller's choice (PUT); the preference is read again. */
export function useSetAlertPreference(entityId: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (mode: StaffAlertMode) =>
      apiFetch<{ data: AlertPreference }>(alertPreferencePath(entityId), {
        method: 'PUT',
        json: { mode },
      }),
    onSuccess: () => client.invalidateQueries({ queryKey: alertPreferenceKey(entityId) }),
  });
}

export type AlertPreference = { mode: StaffAlertMode; email: string | null };

export type CaseTab = 'history' | 'comments' | 'communications';

export function useCaseTab<T extends HistoryItem | CaseNote | CaseMessage>(
  entityId: string,
  inboxId: string,
  tab: CaseTab,
  enabled: boolean,
) {
  return useQuery({
    queryKey: ['dashboard', 'case', entityId, inboxId, tab],
    queryFn: ({ signal }) =>
      apiFetch<{ data: T[] }>(`${casePath(entityId, inboxId)}/${tab}`, { signal }),
    enabled,
  });
}

export type CaseAction =
  | { kind: 'assign'; body: { user_id: string } }
  | { kind: 'change_state'; body: { state: string; reason?: string } }
  | { kind: 'comments'; body: { comment: string } }
  | { kind: 'communications'; body: { message: string } }
  | { kind: 'action'; body: CaseActionRequest };

/** One of the case's actions; the case and its tabs are read again after it. */
export function useCaseAction(entityId: string, inboxId: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (action: CaseAction) =>
      apiFetch<unknown>(`${casePath(entityId, inboxId)}/${action.kind}`, {
        method: 'POST',
        json: action.body,
      }),
    onSuccess: () => client.invalidateQueries({ queryKey: ['dashboard'] }),
  });
}

/** A short-lived download address of the case's PDF or an attachment. */
export function caseDownloadUrl(entityId: string, inboxId: string, attachment?: number) {
  const tail = attachment === undefined ? 'pdf/token' : `attachments/${attachment}/token`;
  return apiFetch<{ download_url: string }>(`${casePath(entityId, inboxId)}/${tail}`, {
    method: 'POST',
  });
}

/** A short-lived address of the PDF the citizen attached to one of her messages (issue #33). */
export function caseMessageFileUrl(entityId: string, inboxId: string, messageId: string) {
  return apiFetch<{ download_url: string }>(
    `${casePath(entityId, inboxId)}/communications/${encodeURIComponent(messageId)}/attachment/token`,
    { method: 'POST' },
  );
}

/** The cases before and after this one in the list it was opened from (its query string). */
export function useCaseNeighbours(entityId: string, inboxId: string, listQuery: URLSearchParams) {
  const search = listQuery.toString();
  return useQuery({
    queryKey: ['dashboard', 'case', entityId, inboxId, 'neighbours', search],
    queryFn: ({ signal }) =>
      apiFetch<{ data: CaseNeighbours }>(`${casePath(entityId, inboxId)}/neighbours?${search}`, {
        signal,
      }),
  });
}

/** Bulk assign or status; the lists and cases are read again after it. */
export function useBulkCaseAction(entityId: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (action: BulkCaseAction) =>
      apiFetch<{ data: BulkCaseResult }>(`/api/entity/${enc(entityId)}/inbox/bulk`, {
        method: 'POST',
        json: action,
      }),
    onSuccess: () => client.invalidateQueries({ queryKey: ['dashboard'] }),
  });
}

/** The list as filtered, as a CSV file the browser saves. */
export async function downloadInboxCsv(
  entityId: string,
  listQuery: URLSearchParams,
  filename: string,
): Promise<void> {
  const query = new URLSearchParams(listQuery);
  query.delete('limit');
  query.delete('offset');
  const file = await apiFetch<Blob>(`/api/entity/${enc(entityId)}/inbox/export.csv?${query}`, {
    blob: true,
    headers: { Accept: 'text/csv' },
  });
  const url = URL.createObjectURL(file);
  const link = document.createElement('a');
  link.href = url;
  link.download = filename;
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}

/** GET /api/entity/{e}/creatable-templates: what the entity issues (`issue`) or replies with. */
export function useCreatableTemplates(
  entityId: string,
  use: 'issue' | 'reply',
  page: { limit: number; offset: number },
  enabled = true,
) {
  return useQuery({
    queryKey: ['dashboard', 'creatable-templates', entityId, use, page.limit, page.offset],
    queryFn: ({ signal }) =>
      apiFetch<{ data: EntityTemplate[]; meta: PageMeta }>(
        `/api/entity/${enc(entityId)}/creatable-templates?use=${use}&limit=${page.limit}&offset=${page.offset}`,
        { signal },
      ),
    enabled,
  });
}

/** POST /api/entity/{e}/documents/{id}/pdf/token: the sealed PDF of an issued reply. */
export function replyDownloadUrl(entityId: string, replyId: string) {
  return apiFetch<{ data: { download_url: string } }>(
    `/api/entity/${enc(entityId)}/documents/${enc(replyId)}/pdf/token`,
    { method: 'POST' },
  );
}

/** The entities and recipient datasets a case of this entity can be forwarded to. */
export function useForwardTargets(entityId: string) {
  return useQuery({
    queryKey: ['dashboard', 'forward-targets', entityId],
    queryFn: ({ signal }) =>
      apiFetch<{ data: ForwardTargets }>(`/api/entity/${enc(entityId)}/forward-targets`, {
        signal,
      }),
  });
}

/** Forward a case (POST /api/gates/{codename}/gate/inbox-entries/action); lists read again. */
export function useForwardCase(codename: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (action: ForwardAction) =>
      apiFetch<{ data: ForwardResult }>(`/api/gates/${enc(codename)}/gate/inbox-entries/action`, {
        method: 'POST',
        json: action,
      }),
    onSuccess: () => client.invalidateQueries({ queryKey: ['dashboard'] }),
  });
}

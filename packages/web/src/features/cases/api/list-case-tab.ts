import type { CaseMessage, CaseNote, HistoryItem } from '@dilosi/domain';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiFetch } from '../../../api/api-client';
import { caseApiPath, casesKeys } from './keys';

export type CaseTab = 'history' | 'comments' | 'communications';

/** What each tab lists: GET /api/entity/{e}/inbox/{id}/{tab}. */
export type CaseTabItem = {
  history: HistoryItem;
  comments: CaseNote;
  communications: CaseMessage;
};

export function listCaseTab<T extends CaseTab>(
  entityId: string,
  inboxId: string,
  tab: T,
  signal?: AbortSignal,
) {
  return apiFetch<{ data: CaseTabItem[T][] }>(
    `${caseApiPath(entityId, inboxId)}/${tab}`,
    signal ? { signal } : {},
  );
}

export const caseTabQueryOptions = <T extends CaseTab>(entityId: string, inboxId: string, tab: T) =>
  queryOptions({
    queryKey: casesKeys.caseTab(entityId, inboxId, tab),
    queryFn: ({ signal }) => listCaseTab(entityId, inboxId, tab, signal),
  });

export function useCaseTab<T extends CaseTab>(
  entityId: string,
  inboxId: string,
  tab: T,
  enabled: boolean,
) {
  return useQuery({ ...caseTabQueryOptions(entityId, inboxId, tab), enabled });
}

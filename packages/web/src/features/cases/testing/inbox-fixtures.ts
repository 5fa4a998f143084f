import type { CaseDetail, DashboardEntity, InboxItem, InboxList } from '@dilosi/domain';
import { http, HttpResponse } from 'msw';
import { TEST_APP_CONFIG, TEST_USER } from '../../../testing/render-app';
import { server } from '../../../testing/setup';

/** Test data of the inbox list and case page tests: one entity, its clerk, numbered cases. */
export const ENTITY = '0b0b0b0b-0000-4000-8000-000000000001';
export const CLERK = { ...TEST_USER, is_admin: true, display_name: 'ΑΙΚΑΤΕΡΙΝΗ ΔΗΜΗΤΡΙΟΥ' };
export const CONFIG = {
  ...TEST_APP_CONFIG,
  flags: { ...TEST_APP_CONFIG.flags, DASHBOARD_ENABLED: true },
};
export const listUrl = (tab: string, search = '') =>
  `/dashboard/entities/show/${ENTITY}/inbox/list/${tab}${search ? `?${search}` : ''}`;

export const entity: DashboardEntity = {
  id: ENTITY,
  codename: 'DIMOS_ATHINAION',
  display_name: {
    el: 'Δήμος Αθηναίων',
    en: 'Municipality of Athens',
    fr: "Municipalité d'Athènes",
  },
  roles: ['clerk'],
} as DashboardEntity;

export const caseId = (n: number) => `0c0c0c0c-0000-4000-8000-${String(n).padStart(12, '0')}`;
export const item = (n: number): InboxItem => ({
  id: caseId(n),
  entry_id: caseId(n),
  inbox_status: 'incoming',
  forwarded: false,
  assignee: null,
  assignee_display_name: null,
  age_days: n,
  overdue: n > 5,
  declaration: {
    template_id: 'solemn-declaration',
    template: { shortname: { el: 'Υπεύθυνη δήλωση', en: 'Solemn declaration', fr: 'Déclaration' } },
    timestamp: new Date(Date.UTC(2026, 10, 20, 10, 0, n)).toISOString(),
    reference_code: `REF${n}`,
    user_display_name: `ΠΟΛΙΤΗΣ ${n}`,
    case_id: `2026/${String(n).padStart(6, '0')}`,
  },
});

export const counts = { all: 245, me: 0, pending: 0, incoming: 245, finished: 0, canceled: 0 };

/** Answers the list from `total` cases; records every query the page sent. */
export function mockInbox(total: number) {
  const queries: URLSearchParams[] = [];
  server.use(
    http.get(`/api/entities/${ENTITY}`, () => HttpResponse.json({ data: entity })),
    http.get(`/api/entity/${ENTITY}/inbox`, ({ request }) => {
      const query = new URL(request.url).searchParams;
      queries.push(query);
      const limit = Number(query.get('limit'));
      const offset = Number(query.get('offset'));
      const matching = query.get('case') ? Math.min(1, total) : total;
      const data = Array.from({ length: Math.max(0, Math.min(limit, matching - offset)) }, (_, i) =>
        item(offset + i + 1),
      );
      const body: InboxList = {
        data,
        hasNext: offset + limit < matching,
        total: matching,
        meta: { counts },
      };
      return HttpResponse.json(body);
    }),
  );
  return queries;
}

export function caseDetail(n: number): CaseDetail {
  return {
    ...item(n),
    document: { id: null, state: null, statements: [], attachments: [] },
    replies: [],
    forwarded_to: [],
    forwarded_from: null,
    counts: { notes: 0, replies: 0, messages: 0, history: 1 },
  } as unknown as CaseDetail;
}

import type {
  ApiDocument,
  CitizenMessage,
  DocumentListItem,
  InboxEntriesResponse,
  VaultCase,
} from '@dilosi/domain';
import { screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { describe, expect, it, vi } from 'vitest';
import { currentUrl, renderApp, TEST_APP_CONFIG } from '../../testing/render-app';
import { server } from '../../testing/setup';
import type { AccessLogEntry } from './api/get-access-log';

/** The vault's pages against a mocked API (the server side is tested for real). */
const CONFIG = {
  ...TEST_APP_CONFIG,
  flags: { ...TEST_APP_CONFIG.flags, CITIZENINBOX_ENABLED: true },
};
const INBOX = '/api/gates/USER/gate/inbox-entries';
const uuid = (n: number) => `0d0d0d0d-0000-4000-8000-${String(n).padStart(12, '0')}`;
const REF = 'ABCDEFGH2345JKMN';
const code = (n: number) => `7KQ2M9XDH3RT${String(n).padStart(4, '0')}`;
const TEMPLATE = {
  refname: 'solemn-declaration',
  version: 1,
  code: 'YD1',
  type: 'solemn_declaration' as const,
  shortname: { el: 'Υπεύθυνη δήλωση', en: 'Solemn declaration', fr: 'Déclaration sur l’honneur' },
  title: {
    el: 'Υπεύθυνη δήλωση (άρθρο 8 Ν.1599/1986)',
    en: 'Solemn declaration (article 8 of Law 1599/1986)',
    fr: 'Déclaration sur l’honneur',
  },
};

function listItem(n: number, fields: Partial<DocumentListItem> = {}): DocumentListItem {
  return {
    id: uuid(n),
    reference_code: code(n),
    state: 'issued',
    step_name: 'fields',
    template: TEMPLATE,
    recipient: null,
    created_at: '2026-11-20T08:00:00.000Z',
    timestamp: '2026-11-20T08:05:00.000Z',
    issued_at: '2026-11-20T08:05:07.000Z',
    retention_until: '2026-12-20T08:05:07.000Z',
    ...fields,
  };
}

const meta = (count: number, limit: number, offset: number) => ({
  count,
  limit,
  offset,
  total_pages: Math.ceil(count / limit),
});

/** GET /api/citizen-declarations answered from `drafts` / `issued`; returns what was asked. */
function mockDocuments(lists: { issued?: DocumentListItem[]; drafts?: DocumentListItem[] }) {
  const asked: URLSearchParams[] = [];
  server.use(
    http.get('/api/citizen-declarations', ({ request }) => {
      const query = new URL(request.url).searchParams;
      asked.push(query);
      const all = (query.get('draft') === 'true' ? lists.drafts : lists.issued) ?? [];
      const limit = Number(query.get('limit'));
      const offset = Number(query.get('offset'));
      return HttpResponse.json({
        data: all.slice(offset, offset + limit),
        meta: meta(all.length, limit, offset),
      });
    }),
  );
  return asked;
}

function vaultDocument(fields: Partial<ApiDocument> = {}): ApiDocument {
  return {
    id: uuid(1),
    reference_code: REF,
    state: 'issued',
    template: TEMPLATE,
    case_id: '2026/000042',
    created_at: '2026-11-20T08:00:00.000Z',
    timestamp: '2026-11-20T08:05:00.000Z',
    issued_at: '2026-11-20T08:05:07.000Z',
    retention_until: '2026-12-20T08:05:07.000Z',
    pdf: { filename: `${REF}.pdf`, size: 1000, sha256: 'x' },
    attachments: {},
    ...fields,
  } as unknown as ApiDocument;
}

/** An access-log entry: one access unless told otherwise. */
function logEntry(
  fields: Partial<AccessLogEntry> & Pick<AccessLogEntry, 'id' | 'kind' | 'timestamp'>,
): AccessLogEntry {
  return {
    first_timestamp: fields.timestamp,
    count: 1,
    validation_context: null,
    entity_name: null,
    staff_role: null,
    pdf_downloaded: false,
    target_entity_name: null,
    ...fields,
  };
}

function mockShow(log: Response | { data: AccessLogEntry[]; count?: number }) {
  const logAsked: URLSearchParams[] = [];
  server.use(
    http.get(`/api/citizen-declarations/${REF}`, () =>
      HttpResponse.json({ data: { document: vaultDocument() } }),
    ),
    http.get(`/api/citizen-declarations/${REF}/access-log`, ({ request }) => {
      logAsked.push(new URL(request.url).searchParams);
      if (log instanceof Response) return log;
      const limit = Number(new URL(request.url).searchParams.get('limit'));
      const offset = Number(new URL(request.url).searchParams.get('offset'));
      return HttpResponse.json({
        data: log.data,
        meta: meta(log.count ?? log.data.length, limit, offset),
      });
    }),
  );
  return logAsked;
}

function message(n: number, fields: Partial<CitizenMessage> = {}): CitizenMessage {
  return {
    id: uuid(100 + n),
    type: 'incoming-document',
    status: 'incoming',
    create_timestamp: new Date(Date.UTC(2026, 10, 20, 8, n)).toISOString(),
    tsid: String(1_795_600_000_000_000 + n),
    state_data: {
      sender_display_name: {
        el: 'Δήμος Αθηναίων',
        en: 'Municipality of Athens',
        fr: 'Municipalité d’Athènes',
      },
      summary: `Έγγραφο αριθμός ${n}`,
      first_retrieved_timestamp: null,
      expiration_timestamp: null,
    },
    document: {
      id: uuid(n),
      reference_code: REF,
      template_refname: 'solemn-declaration',
      state: 'issued',
      issued_at: null,
    },
    ...fields,
  };
}

const inboxPage = (data: CitizenMessage[], next: string | null = null, unread = 0) =>
  ({
    data,
    meta: { incoming: { next: data[0]?.tsid ?? null }, next, counts: { incoming: unread } },
  }) satisfies InboxEntriesResponse;

const heading = (name: string | RegExp) =>
  screen.findByRole('heading', { level: 1, name }, { timeout: 5000 });

describe('the vault: issued documents', () => {
  it('lists them with state, dates in Athens time, code and retention, linked to each one', async () => {
    mockDocuments({ issued: [listItem(1), listItem(2, { state: 'revoked' })] });
    renderApp('/vault', { config: CONFIG });
    expect(await heading('Η θυρίδα μου')).toBeTruthy();
    const links = await screen.findAllByRole('link', { name: 'Υπεύθυνη δήλωση' });
    expect(links.map((link) => link.getAttribute('href'))).toEqual([
      `/vault/show/${code(1)}`,
      `/vault/show/${code(2)}`,
    ]);
    const [first, second] = screen
      .getAllByRole('listitem')
      .filter((li) => li.classList.contains('dilosi-vault-item'));
    expect(within(first as HTMLElement).getByText('Εκδόθηκε')).toBeTruthy();
    expect(within(first as HTMLElement).getByText('20/11/2026 10:05:07')).toBeTruthy();
    expect(within(first as HTMLElement).getByText('20/12/2026')).toBeTruthy();
    expect(within(first as HTMLElement).getByText('7KQ2-M9XD-H3RT-0001')).toBeTruthy();
    expect(within(second as HTMLElement).getByText('Ανακλήθηκε')).toBeTruthy();
    expect(screen.getByText('Έχετε εκδώσει 2 έγγραφα.')).toBeTruthy();
    expect(
      screen.getByRole('link', { name: 'Λήψη όλων των εγγράφων μου' }).getAttribute('href'),
    ).toBe('/vault/export');
    expect(screen.getByRole('link', { name: 'Έγγραφα' }).getAttribute('aria-current')).toBe('page');
  });

  it('tells two declarations apart: recipient, first words and the case status', async () => {
    mockDocuments({
      issued: [
        listItem(1, {
          recipient: {
            type: 'entity',
            codename: 'DIMOS_ATHINAION',
            name: {
              el: 'Δήμος Αθηναίων',
              en: 'Municipality of Athens',
              fr: 'Municipalité d’Athènes',
            },
          },
          summary: 'Δηλώνω ότι διαμένω μόνιμα στην Αθήνα.',
          case_status: 'pending',
        }),
        listItem(2, { recipient: { type: 'custom', name: 'Τράπεζα Πειραιώς' }, summary: null }),
      ],
    });
    renderApp('/vault', { config: CONFIG });
    expect(await heading('Η θυρίδα μου')).toBeTruthy();
    await screen.findAllByRole('link', { name: 'Υπεύθυνη δήλωση' });
    const [first, second] = screen
      .getAllByRole('listitem')
      .filter((li) => li.classList.contains('dilosi-vault-item'));
    const one = within(first as HTMLElement);
    expect(one.getByText('Δήμος Αθηναίων')).toBeTruthy();
    expect(one.getByText('Δηλώνω ότι διαμένω μόνιμα στην Αθήνα.')).toBeTruthy();
    expect(one.getByText('Κατάσταση υπόθεσης')).toBeTruthy();
    expect(one.getByText('Σε εκκρεμότητα')).toBeTruthy();
    const two = within(second as HTMLElement);
    expect(two.getByText('Τράπεζα Πειραιώς')).toBeTruthy();
    expect(two.queryByText('Κατάσταση υπόθεσης')).toBeNull();
  });

  it('pages: first, dots, current to current + 2, dots, last; sizes 5, 10, 15', async () => {
    const asked = mockDocuments({
      issued: Array.from({ length: 120 }, (_, n) => listItem(n + 1)),
    });
    const { user } = renderApp('/vault', { config: CONFIG });
    const pages = await screen.findByRole('navigation', { name: 'Σελίδες' }, { timeout: 5000 });
    // The dots are hidden from assistive technology: read every item of the list.
    const labels = () => [...pages.querySelectorAll('li')].map((li) => li.textContent);
    expect(labels()).toEqual(['1', '2', '3', '…', '12']);
    await user.click(within(pages).getByRole('link', { name: 'Σελίδα 3' }));
    await waitFor(() => expect(currentUrl()).toBe('/vault?page=3'));
    await waitFor(() => expect(asked.at(-1)?.get('offset')).toBe('20'));
    await waitFor(() => expect(labels()).toEqual(['1', '…', '3', '4', '5', '…', '12']));
    expect(within(pages).getByRole('link', { name: 'Σελίδα 3' }).getAttribute('aria-current')).toBe(
      'page',
    );

    const size = screen.getByRole('combobox', { name: 'Εγγραφές ανά σελίδα' });
    expect(
      within(size)
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual(['5', '10', '15']);
    await user.selectOptions(size, '15');
    await waitFor(() => expect(currentUrl()).toBe('/vault?size=15'));
    await waitFor(() => expect(asked.at(-1)?.get('limit')).toBe('15'));
    expect(asked.at(-1)?.get('offset')).toBe('0');
    expect(asked.at(-1)?.get('draft')).toBe('false');
  }, 15_000);

  it('says when there is nothing yet', async () => {
    mockDocuments({});
    renderApp('/vault', { config: CONFIG });
    expect(
      await screen.findByText('Δεν έχετε εκδώσει ακόμη έγγραφα.', {}, { timeout: 5000 }),
    ).toBeTruthy();
    expect(screen.queryByRole('navigation', { name: 'Σελίδες' })).toBeNull();
  });
});

describe('the vault: drafts', () => {
  const drafts = () => [
    listItem(7, {
      reference_code: null,
      state: 'editing',
      step_name: 'recipient',
      issued_at: null,
    }),
    listItem(8, { reference_code: null, state: 'requested', step_name: 'otp', issued_at: null }),
  ];

  it('resumes a draft at its step in the wizard', async () => {
    const asked = mockDocuments({ drafts: drafts() });
    renderApp('/vault/drafts', { config: CONFIG });
    expect(await heading('Προσχέδια')).toBeTruthy();
    const resume = await screen.findAllByRole('link', { name: 'Συνέχεια: Υπεύθυνη δήλωση' });
    expect(resume.map((link) => link.getAttribute('href'))).toEqual([
      `/issue/${uuid(7)}/recipient`,
      `/issue/${uuid(8)}/otp`,
    ]);
    expect(screen.getByText('Σε επεξεργασία')).toBeTruthy();
    expect(screen.getByText('Αναμένει κωδικό SMS')).toBeTruthy();
    expect(asked[0]?.get('draft')).toBe('true');
  });

  it('deletes only after the confirmation; cancel keeps it', async () => {
    const lists = { drafts: drafts() };
    mockDocuments(lists);
    const deleted: string[] = [];
    server.use(
      http.delete('/api/my-declarations/:id', ({ params }) => {
        deleted.push(String(params.id));
        lists.drafts = lists.drafts.filter((d) => d.id !== params.id);
        return HttpResponse.json({ data: { deleted: true } });
      }),
    );
    const { user } = renderApp('/vault/drafts', { config: CONFIG });
    const [deleteFirst] = await screen.findAllByRole(
      'button',
      { name: 'Διαγραφή: Υπεύθυνη δήλωση' },
      { timeout: 5000 },
    );
    await user.click(deleteFirst as HTMLElement);
    const dialog = await screen.findByRole('dialog', { name: 'Διαγραφή προσχεδίου' });
    expect(within(dialog).getByText(/Η διαγραφή δεν αναιρείται/)).toBeTruthy();
    await user.click(within(dialog).getByRole('button', { name: 'Άκυρο' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(deleted).toEqual([]);

    await user.click(
      (
        await screen.findAllByRole('button', { name: 'Διαγραφή: Υπεύθυνη δήλωση' })
      )[0] as HTMLElement,
    );
    await user.click(
      within(await screen.findByRole('dialog')).getByRole('button', { name: 'Ναι, διαγραφή' }),
    );
    expect(await screen.findByText('Το προσχέδιο διαγράφηκε.')).toBeTruthy();
    expect(deleted).toEqual([uuid(7)]);
    await waitFor(() =>
      expect(screen.getAllByRole('link', { name: 'Συνέχεια: Υπεύθυνη δήλωση' })).toHaveLength(1),
    );
    expect(screen.queryByText('Σε επεξεργασία')).toBeNull();
  }, 15_000);

  it('says why a draft could not be deleted', async () => {
    mockDocuments({ drafts: drafts() });
    server.use(
      http.delete('/api/my-declarations/:id', () =>
        HttpResponse.json(
          { error: { code: 'action_not_allowed_on_state', message: 'no' } },
          { status: 409 },
        ),
      ),
    );
    const { user } = renderApp('/vault/drafts', { config: CONFIG });
    const [first] = await screen.findAllByRole(
      'button',
      { name: 'Διαγραφή: Υπεύθυνη δήλωση' },
      { timeout: 5000 },
    );
    await user.click(first as HTMLElement);
    await user.click(
      within(await screen.findByRole('dialog')).getByRole('button', { name: 'Ναι, διαγραφή' }),
    );
    expect(
      await screen.findByText('Η ενέργεια δεν επιτρέπεται στην τρέχουσα κατάσταση του εγγράφου.'),
    ).toBeTruthy();
    expect(screen.getAllByRole('link', { name: 'Συνέχεια: Υπεύθυνη δήλωση' })).toHaveLength(2);
  });

  it('says when there are none', async () => {
    mockDocuments({});
    renderApp('/vault/drafts', { config: CONFIG });
    expect(await screen.findByText('Δεν έχετε προσχέδια.', {}, { timeout: 5000 })).toBeTruthy();
  });
});

describe('the vault: cases and inbox', () => {
  const vaultCase = (fields: Partial<VaultCase> = {}): VaultCase => ({
    id: uuid(50),
    case_id: '2026/000042',
    status: 'pending',
    entity: {
      codename: 'DIMOS_ATHINAION',
      display_name: { el: 'Δήμος Αθηναίων', en: 'Municipality of Athens', fr: 'Ville d’Athènes' },
    },
    forwarded_from: null,
    reference_code: REF,
    template: { refname: 'solemn-declaration', shortname: TEMPLATE.shortname },
    received_at: '2026-11-20T08:05:07.000Z',
    updated_at: '2026-11-21T09:00:00.000Z',
    received: [
      {
        id: uuid(60),
        type: 'message',
        status: 'incoming',
        create_timestamp: '2026-11-21T09:00:00.000Z',
        summary: 'Λείπει το αποδεικτικό διεύθυνσης.',
      },
    ],
    ...fields,
  });

  it('says who forwarded a copy, so it does not look as if she sent it there', async () => {
    server.use(
      http.get('/api/vault/cases', () =>
        HttpResponse.json({
          data: [
            vaultCase({
              id: uuid(52),
              entity: {
                codename: 'EFKA',
                display_name: { el: 'e-ΕΦΚΑ', en: 'e-EFKA', fr: 'e-EFKA' },
              },
              forwarded_from: {
                codename: 'DIMOS_ATHINAION',
                display_name: {
                  el: 'Δήμος Αθηναίων',
                  en: 'Municipality of Athens',
                  fr: 'Ville d’Athènes',
                },
              },
            }),
            vaultCase(),
          ],
          meta: meta(2, 10, 0),
        }),
      ),
    );
    renderApp('/vault/cases', { config: CONFIG });
    expect(
      await screen.findByText(
        'Τη διαβίβασε εδώ ο φορέας Δήμος Αθηναίων· δεν την στείλατε εσείς.',
        {},
        { timeout: 5000 },
      ),
    ).toBeTruthy();
    expect(screen.getAllByText(/Τη διαβίβασε εδώ/)).toHaveLength(1);
  });

  it('lists each case with the status the entity set and what came back', async () => {
    const asked: URLSearchParams[] = [];
    server.use(
      http.get('/api/vault/cases', ({ request }) => {
        asked.push(new URL(request.url).searchParams);
        return HttpResponse.json({
          data: [vaultCase(), vaultCase({ id: uuid(51), status: 'finished', received: [] })],
          meta: meta(2, 10, 0),
        });
      }),
    );
    renderApp('/vault/cases', { config: CONFIG });
    expect(await heading('Υποθέσεις')).toBeTruthy();
    expect(await screen.findByText('Σε εκκρεμότητα')).toBeTruthy();
    expect(screen.getByText('Ολοκληρωμένη')).toBeTruthy();
    expect(screen.getAllByText('Δήμος Αθηναίων')).toHaveLength(2);
    expect(screen.getByText('Λείπει το αποδεικτικό διεύθυνσης.')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Μήνυμα' }).getAttribute('href')).toBe(
      `/vault/show/${REF}/${uuid(60)}`,
    );
    expect(screen.getByText('Τίποτα ακόμη.')).toBeTruthy();
    expect(asked[0]?.get('limit')).toBe('10');
    expect(asked[0]?.get('offset')).toBe('0');
  });

  it('the legacy /vault/declarations address goes to the cases', async () => {
    server.use(
      http.get('/api/vault/cases', () => HttpResponse.json({ data: [], meta: meta(0, 10, 0) })),
    );
    renderApp('/vault/declarations/old', { config: CONFIG });
    expect(await heading('Υποθέσεις')).toBeTruthy();
    expect(currentUrl()).toBe('/vault/cases');
  });

  it('says when no document went to an entity', async () => {
    server.use(
      http.get('/api/vault/cases', () => HttpResponse.json({ data: [], meta: meta(0, 10, 0) })),
    );
    renderApp('/vault/cases', { config: CONFIG });
    expect(
      await screen.findByText('Δεν έχετε στείλει έγγραφα σε φορείς.', {}, { timeout: 5000 }),
    ).toBeTruthy();
  });

  it('lists received documents (document types only), older ones by tsid', async () => {
    const bodies: Record<string, unknown>[] = [];
    server.use(
      http.post(INBOX, async ({ request }) => {
        const body = (await request.json()) as Record<string, unknown>;
        bodies.push(body);
        if (body.before === '1795600000000002') {
          return HttpResponse.json(inboxPage([message(1, { status: 'retrieved' })]));
        }
        return HttpResponse.json(
          inboxPage(
            [
              message(3),
              message(2, { type: 'shared-document', document: null, status: 'retrieved' }),
            ],
            '1795600000000002',
          ),
        );
      }),
    );
    const { user } = renderApp('/vault/inbox', { config: CONFIG });
    expect(await heading('Εισερχόμενα')).toBeTruthy();
    const links = await screen.findAllByRole('link', { name: /έγγραφο/i });
    expect(
      links
        .filter((link) => link.closest('.dilosi-vault-item'))
        .map((link) => link.getAttribute('href')),
    ).toEqual([`/vault/show/${REF}/${uuid(103)}`, `/my/messages/show/${uuid(102)}`]);
    expect(bodies[0]).toMatchObject({
      types: ['incoming-document', 'shared-document', 'user-document'],
      status: ['incoming', 'retrieved', 'resolved', 'archived'],
    });
    await user.click(screen.getByRole('link', { name: 'Παλαιότερα' }));
    expect(await screen.findByText('Έγγραφο αριθμός 1')).toBeTruthy();
    expect(currentUrl()).toBe('/vault/inbox?before=1795600000000002');
  });

  it('says when nothing was received', async () => {
    server.use(http.post(INBOX, () => HttpResponse.json(inboxPage([]))));
    renderApp('/vault/inbox', { config: CONFIG });
    expect(await screen.findByText('Δεν έχετε λάβει έγγραφα.', {}, { timeout: 5000 })).toBeTruthy();
  });
});

describe('the vault: one document', () => {
  it('shows the document and who looked at it', async () => {
    const asked = mockShow({
      data: [
        logEntry({
          id: '1',
          kind: 'validation',
          timestamp: '2026-11-22T10:00:00.000Z',
          validation_context: 'banks',
        }),
        logEntry({
          id: '3',
          kind: 'validation',
          timestamp: '2026-11-22T09:00:00.000Z',
          validation_context: 'international',
        }),
        logEntry({
          id: '2',
          kind: 'case_view',
          timestamp: '2026-11-21T09:30:00.000Z',
          entity_name: 'Δήμος Αθηναίων',
          staff_role: 'clerk',
        }),
      ],
    });
    renderApp(`/vault/show/${REF}`, { config: CONFIG });
    expect(await heading('Υπεύθυνη δήλωση')).toBeTruthy();
    expect(screen.getByText('ABCD-EFGH-2345-JKMN')).toBeTruthy();
    expect(screen.getByText('Υπεύθυνη δήλωση (άρθρο 8 Ν.1599/1986)')).toBeTruthy();
    expect(screen.getByText('20/11/2026 10:05:07')).toBeTruthy();
    expect(screen.getByText('20/12/2026')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Λήψη PDF' })).toBeTruthy();
    const log = screen.getByRole('region', { name: 'Ποιος είδε το έγγραφό μου' });
    expect(await within(log).findByText('Έλεγχος εγκυρότητας (banks)')).toBeTruthy();
    // A context the service has is named, not shown as its id.
    expect(within(log).getByText('Έλεγχος εγκυρότητας (διεθνής σελίδα επαλήθευσης)')).toBeTruthy();
    expect(within(log).getByText('22/11/2026 12:00:00')).toBeTruthy();
    expect(within(log).getByText('Το άνοιξε χειριστής του φορέα Δήμος Αθηναίων')).toBeTruthy();
    expect(asked[0]?.get('limit')).toBe('10');
  });

  it('reads one sitting as one row, with its PDF download, and a forward', async () => {
    mockShow({
      data: [
        logEntry({
          id: 'f1',
          kind: 'forward',
          timestamp: '2026-11-22T11:00:00.000Z',
          entity_name: 'Δήμος Αθηναίων',
          target_entity_name: 'e-ΕΦΚΑ',
        }),
        logEntry({
          id: 'a2',
          kind: 'case_view',
          first_timestamp: '2026-11-22T08:02:00.000Z',
          timestamp: '2026-11-22T08:40:00.000Z',
          count: 15,
          entity_name: 'Δήμος Αθηναίων',
          staff_role: 'head',
          pdf_downloaded: true,
        }),
      ],
    });
    renderApp(`/vault/show/${REF}`, { config: CONFIG });
    expect(await heading('Υπεύθυνη δήλωση')).toBeTruthy();
    const log = screen.getByRole('region', { name: 'Ποιος είδε το έγγραφό μου' });
    expect(
      await within(log).findByText(
        'Ο φορέας Δήμος Αθηναίων διαβίβασε την υπόθεση στον φορέα e-ΕΦΚΑ',
      ),
    ).toBeTruthy();
    expect(
      within(log).getByText('15 φορές, 22/11/2026 10:02:00 – 22/11/2026 10:40:00'),
    ).toBeTruthy();
    expect(within(log).getByText('Πήρε το PDF του εγγράφου.')).toBeTruthy();
    expect(within(log).getAllByRole('listitem')).toHaveLength(2);
    expect(within(log).getByText('2 καταχωρίσεις.')).toBeTruthy();
  });

  it('says so when nobody has looked at it yet', async () => {
    mockShow({ data: [] });
    renderApp(`/vault/show/${REF}`, { config: CONFIG });
    expect(
      await screen.findByText('Κανείς δεν έχει δει ακόμη το έγγραφό σας.', {}, { timeout: 5000 }),
    ).toBeTruthy();
  });

  it('keeps the page when the server has no access log (404): a quiet note', async () => {
    mockShow(
      HttpResponse.json({ error: { code: 'not_found', message: 'Not Found' } }, { status: 404 }),
    );
    renderApp(`/vault/show/${REF}`, { config: CONFIG });
    expect(
      await screen.findByText(
        'Το ιστορικό προβολών δεν είναι ακόμη διαθέσιμο.',
        {},
        { timeout: 5000 },
      ),
    ).toBeTruthy();
    expect(screen.getByRole('heading', { level: 1, name: 'Υπεύθυνη δήλωση' })).toBeTruthy();
  });

  it('shows the not-found page for a document that is not the caller’s', async () => {
    vi.mocked(console.error).mockImplementation(() => {});
    server.use(
      http.get('/api/citizen-declarations/:ref', () =>
        HttpResponse.json(
          { error: { code: 'document_api__declaration_not_found', message: 'no' } },
          { status: 404 },
        ),
      ),
    );
    renderApp('/vault/show/ZZZZ-ZZZZ-ZZZZ', { config: CONFIG });
    expect(await heading(/δεν βρέθηκε/i)).toBeTruthy();
  });

  it('shows a received item with its document, opening (reading) it', async () => {
    mockShow({ data: [] });
    const actions: unknown[] = [];
    server.use(
      http.post(`${INBOX}/action`, async ({ request }) => {
        actions.push(await request.json());
        return HttpResponse.json({ data: message(5, { status: 'retrieved' }) });
      }),
    );
    renderApp(`/vault/show/${REF}/${uuid(105)}`, { config: CONFIG });
    expect(await heading('Εισερχόμενο έγγραφο')).toBeTruthy();
    expect(screen.getByText('Έγγραφο αριθμός 5')).toBeTruthy();
    expect(screen.getByText('Υπεύθυνη δήλωση (ABCD-EFGH-2345-JKMN)')).toBeTruthy();
    expect(
      screen.getByRole('link', { name: 'Πίσω στο έγγραφο «Υπεύθυνη δήλωση»' }).getAttribute('href'),
    ).toBe(`/vault/show/${REF}`);
    expect(actions).toEqual([{ action: 'retrieve', object_id: uuid(105) }]);
  });

  it('answers an unknown vault address with the not-found page', async () => {
    renderApp('/vault/nothing/here', { config: CONFIG });
    expect(await heading(/δεν βρέθηκε/i)).toBeTruthy();
  });

  it('shows the personal details at /vault/personal-details', async () => {
    renderApp('/vault/personal-details', { config: CONFIG });
    expect(await heading('Τα στοιχεία μου')).toBeTruthy();
    expect(screen.getByText('094014201')).toBeTruthy();
  });
});

describe('/my and the home notice', () => {
  it('/my links to messages (with the unread count), the vault and the details', async () => {
    server.use(
      http.post(INBOX, () => HttpResponse.json(inboxPage([], null, 3))),
      http.get('/api/joint/consents', () => HttpResponse.json({ data: { consents: [] } })),
    );
    renderApp('/my', { config: CONFIG });
    expect(await heading('Η περιοχή μου')).toBeTruthy();
    expect(await screen.findByText('Έχετε 3 μη αναγνωσμένα μηνύματα.')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Μηνύματα' }).getAttribute('href')).toBe(
      '/my/messages',
    );
    const main = screen.getByRole('main');
    expect(within(main).getByRole('link', { name: 'Η θυρίδα μου' }).getAttribute('href')).toBe(
      '/vault',
    );
    expect(within(main).getByRole('link', { name: 'Τα στοιχεία μου' }).getAttribute('href')).toBe(
      '/my/personal-details',
    );
  });

  it('/my tells how many joint declarations wait for her signature (issue #35)', async () => {
    const signatory = (afm: string, state: string) => ({ afm, state });
    server.use(
      http.post(INBOX, () => HttpResponse.json(inboxPage([], null, 0))),
      http.get('/api/joint/consents', () =>
        HttpResponse.json({
          data: {
            consents: [
              // Waits for her (position 1, pending), twice; signed by her; closed; her own.
              {
                id: 'a',
                state: 'issued',
                my_position: 1,
                signatories: [signatory('1', 'signed'), signatory('2', 'pending')],
              },
              {
                id: 'b',
                state: 'issued',
                my_position: 1,
                signatories: [signatory('1', 'signed'), signatory('2', 'pending')],
              },
              {
                id: 'c',
                state: 'issued',
                my_position: 1,
                signatories: [
                  signatory('1', 'signed'),
                  signatory('2', 'signed'),
                  signatory('3', 'pending'),
                ],
              },
              {
                id: 'd',
                state: 'canceled',
                my_position: 1,
                signatories: [signatory('1', 'signed'), signatory('2', 'pending')],
              },
              {
                id: 'e',
                state: 'issued',
                my_position: 0,
                signatories: [signatory('2', 'signed'), signatory('3', 'pending')],
              },
            ],
          },
        }),
      ),
    );
    renderApp('/my', { config: CONFIG });
    expect(await screen.findByText('Περιμένουν την υπογραφή σας 2 κοινές δηλώσεις.')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Κοινές δηλώσεις' }).getAttribute('href')).toBe(
      '/my/joint',
    );
  });

  it('the home page tells of unread messages and links to them', async () => {
    const bodies: unknown[] = [];
    server.use(
      http.post(INBOX, async ({ request }) => {
        bodies.push(await request.json());
        return HttpResponse.json(inboxPage([], null, 1));
      }),
    );
    renderApp('/home', { config: CONFIG });
    const notice = await screen.findByRole(
      'region',
      { name: 'Έχετε 1 μη αναγνωσμένο μήνυμα.' },
      {
        timeout: 5000,
      },
    );
    expect(
      within(notice).getByRole('link', { name: 'Μετάβαση στα μηνύματα' }).getAttribute('href'),
    ).toBe('/my/messages');
    expect(bodies[0]).toMatchObject({ status: ['incoming'], limit: 1 });
  });

  it('no notice when every message has been read', async () => {
    server.use(http.post(INBOX, () => HttpResponse.json(inboxPage([], null, 0))));
    renderApp('/home', { config: CONFIG });
    expect(await heading(/Καλώς ήρθατε/)).toBeTruthy();
    await waitFor(() => expect(screen.queryByText(/μη αναγνωσμέν/)).toBeNull());
  });
});

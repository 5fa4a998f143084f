import type { CitizenMessage, InboxEntriesResponse, MessageDocument } from '@dilosi/domain';
import { screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { renderApp, TEST_APP_CONFIG } from '../../testing/render-app';
import { server } from '../../testing/setup';

/** Every type of citizen message renders (spec section 3), against a mocked USER gate. */
const CONFIG = {
  ...TEST_APP_CONFIG,
  flags: { ...TEST_APP_CONFIG.flags, CITIZENINBOX_ENABLED: true },
};
const LIST = '/api/gates/USER/gate/inbox-entries';
const ID = '0d0d0d0d-0000-4000-8000-000000000001';
const DOC = '0e0e0e0e-0000-4000-8000-000000000001';
const hour = 3_600_000;
const at = (offset: number) => new Date(Date.now() + offset).toISOString();

const consentContent = {
  'data-recipient': 'Τράπεζα Πειραιώς',
  'transaction-description': 'Άνοιγμα τραπεζικού λογαριασμού',
  'transaction-data': [
    {
      category: 'Στοιχεία ταυτότητας',
      records: [
        {
          display: [
            { 'display-key': 'surname', label: 'Επώνυμο', value: 'ΠΑΠΑΔΟΠΟΥΛΟΥ' },
            { 'display-key': 'afm', label: 'ΑΦΜ', value: '100000015' },
          ],
        },
      ],
    },
  ],
};

type MessageFields = Omit<Partial<CitizenMessage>, 'state_data'> &
  Pick<CitizenMessage, 'type'> & { state_data?: Record<string, unknown> };

function message(fields: MessageFields): CitizenMessage {
  const { state_data: stateData, ...rest } = fields;
  return {
    id: ID,
    status: 'retrieved',
    create_timestamp: '2026-11-20T08:00:00.000Z',
    tsid: '1795600000000001',
    document: null,
    ...rest,
    state_data: {
      sender_display_name: 'Αποστολέας',
      first_retrieved_timestamp: null,
      expiration_timestamp: null,
      ...stateData,
    },
  };
}

const documentSummary = (answer: 'pending' | 'accepted' | 'rejected' | null = null) => ({
  id: DOC,
  reference_code: 'ABCD1234EFGH',
  template_refname: 'authorisation',
  state: 'issued',
  issued_at: '2026-11-20T07:00:00.000Z',
  answer_state: answer,
  answer_reason: answer === 'rejected' ? 'Δεν γνωρίζω τον εξουσιοδοτούντα.' : null,
});

const messageDocument = (answer: MessageDocument['answer_state'] = null): MessageDocument => ({
  id: DOC,
  reference_code: 'ABCD1234EFGH',
  template_refname: 'authorisation',
  template_shortname: { el: 'Εξουσιοδότηση', en: 'Authorisation', fr: 'Procuration' },
  state: 'issued',
  issued_at: '2026-11-20T07:00:00.000Z',
  owner_display_name: 'ΜΑΡΙΑ ΠΑΠΑΔΟΠΟΥΛΟΥ',
  preview: {
    heading: { el: 'ΕΞΟΥΣΙΟΔΟΤΗΣΗ', en: 'AUTHORISATION', fr: 'PROCURATION' },
    rows: [
      {
        label: { el: 'Εξουσιοδοτούμενος', en: 'Authorised', fr: 'Mandaté' },
        value: { el: 'ΓΙΩΡΓΟΣ', en: 'ΓΙΩΡΓΟΣ', fr: 'ΓΙΩΡΓΟΣ' },
      },
    ],
    body: [
      { el: 'Εξουσιοδοτώ τον ΓΙΩΡΓΟ.', en: 'I authorise GIORGOS.', fr: "J'autorise GIORGOS." },
    ],
    recipient: null,
  },
  answer_state: answer,
  answer_reason: null,
});

/** The page of one message: `retrieve` answers it; other actions are recorded and answered. */
function mockMessage(current: { message: CitizenMessage }, answer = messageDocument()) {
  const actions: Record<string, unknown>[] = [];
  const tokens: string[] = [];
  server.use(
    http.post(LIST, () =>
      HttpResponse.json({
        data: [],
        meta: { incoming: { next: null }, next: null, counts: { incoming: 0 } },
      }),
    ),
    http.post(`${LIST}/action`, async ({ request }) => {
      const body = (await request.json()) as Record<string, unknown>;
      actions.push(body);
      if (body.action === 'accept' || body.action === 'reject') {
        const state = body.action === 'accept' ? 'accepted' : 'rejected';
        current.message = {
          ...current.message,
          status: 'resolved',
          document: { ...documentSummary(state) },
        };
      }
      return HttpResponse.json({ data: current.message });
    }),
    http.get(`${LIST}/:id/document`, () => HttpResponse.json({ data: answer })),
    http.post(`${LIST}/:id/pdf/token`, ({ params }) => {
      tokens.push(String(params.id));
      return HttpResponse.json({
        data: { download_url: '/api/pdf/token', expires_at: at(hour) },
        meta: { download_url: '/api/pdf/token' },
      });
    }),
  );
  return { actions, tokens };
}

const open = async (current: { message: CitizenMessage }, document?: MessageDocument) => {
  const mocked = mockMessage(current, document);
  const rendered = renderApp(`/my/messages/show/${ID}`, { config: CONFIG });
  await screen.findByRole('heading', { level: 1 }, { timeout: 5000 });
  return { ...mocked, ...rendered };
};

describe('the wallet consent banner and content', () => {
  const consent = (stateData: Record<string, unknown>) => ({
    message: message({
      type: 'wallet-consent-request',
      state_data: { consent_content: consentContent, ...stateData },
    }),
  });

  it('says accepted (success) after consent', async () => {
    await open(consent({ resolution: 'consent' }));
    const banner = await screen.findByRole('status', { name: 'Δώσατε τη συναίνεσή σας' });
    expect(banner.className).toContain('govgr-notification-banner--success');
    expect(within(banner).getByText('Δώσατε τη συναίνεσή σας')).toBeTruthy();
  });

  it('says rejected (error) after no consent', async () => {
    await open(consent({ resolution: 'noconsent', expiration_timestamp: at(hour) }));
    const banner = await screen.findByRole('alert');
    expect(banner.className).toContain('dilosi-banner--error');
    expect(within(banner).getByText('Αρνηθήκατε τη συναίνεση')).toBeTruthy();
  });

  it('says expired (error) when the expiry passed without an answer', async () => {
    await open(consent({ expiration_timestamp: at(-hour) }));
    const banner = await screen.findByRole('alert');
    expect(banner.className).toContain('dilosi-banner--error');
    expect(within(banner).getByText('Το αίτημα έληξε')).toBeTruthy();
  });

  it('says pending (info: answer in the wallet app) while the expiry is ahead, with the content', async () => {
    await open(consent({ expiration_timestamp: at(hour) }));
    const banner = await screen.findByRole('status', {
      name: 'Το αίτημα περιμένει την απάντησή σας',
    });
    expect(banner.className).not.toContain('--success');
    expect(
      within(banner).getByText('Απαντήστε μέσα από την εφαρμογή του ψηφιακού πορτοφολιού.'),
    ).toBeTruthy();
    expect(screen.getByText('Τράπεζα Πειραιώς')).toBeTruthy();
    expect(screen.getByText('Άνοιγμα τραπεζικού λογαριασμού')).toBeTruthy();
    expect(screen.getByRole('heading', { name: 'Στοιχεία ταυτότητας' })).toBeTruthy();
    expect(screen.getByText('ΑΦΜ').nextElementSibling?.textContent).toBe('100000015');
  });

  it('checks the consent content: a value is required, and valid JSON', async () => {
    const { unmount } = await open(consent({ consent_content: undefined }));
    expect(await screen.findByText('Απαιτείται τιμή.')).toBeTruthy();
    unmount();
    await open(consent({ consent_content: '{"data-recipient": ' }));
    expect(await screen.findByText('Μη έγκυρη τιμή JSON.')).toBeTruthy();
  });
});

describe('documents in messages', () => {
  it('shows a shared document read-only with its PDF', async () => {
    const current = {
      message: message({ type: 'shared-document', document: documentSummary() }),
    };
    const { tokens, user } = await open(current);
    expect(await screen.findByText('Εξουσιοδοτώ τον ΓΙΩΡΓΟ.')).toBeTruthy();
    expect(screen.getByText('Εκδόθηκε από').nextElementSibling?.textContent).toBe(
      'ΜΑΡΙΑ ΠΑΠΑΔΟΠΟΥΛΟΥ',
    );
    expect(screen.queryByRole('button', { name: 'Αποδοχή' })).toBeNull();
    const original = Object.getOwnPropertyDescriptor(window, 'location');
    const assigned: string[] = [];
    Object.defineProperty(window, 'location', {
      configurable: true,
      value: { ...window.location, assign: (url: string) => assigned.push(url) },
    });
    try {
      await user.click(screen.getByRole('button', { name: 'Λήψη PDF' }));
      await waitFor(() => expect(assigned).toEqual(['/api/pdf/token']));
      expect(tokens).toEqual([ID]);
    } finally {
      if (original) Object.defineProperty(window, 'location', original);
    }
  });

  it('shows an incoming document with its PDF', async () => {
    await open({ message: message({ type: 'incoming-document', document: documentSummary() }) });
    expect(await screen.findByRole('button', { name: 'Λήψη PDF' })).toBeTruthy();
    expect(screen.getByText('Εισερχόμενο έγγραφο')).toBeTruthy();
  });

  it('lets the addressee accept a user-document after a confirmation, irreversibly', async () => {
    const current = {
      message: message({ type: 'user-document', document: documentSummary('pending') }),
    };
    const { actions, user } = await open(current, messageDocument('pending'));
    await user.click(await screen.findByRole('button', { name: 'Αποδοχή' }));
    const dialog = await screen.findByRole('dialog', { name: 'Αποδοχή' });
    expect(within(dialog).getByText(/δεν μπορεί να ανακληθεί/)).toBeTruthy();
    await user.click(within(dialog).getByRole('button', { name: 'Αποδέχομαι' }));
    await waitFor(() => expect(actions.at(-1)).toEqual({ action: 'accept', object_id: ID }));
    expect(await screen.findByRole('region', { name: 'Αποδεχτήκατε το έγγραφο.' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Αποδοχή' })).toBeNull();
  });

  it('asks the addressee for a reason to reject', async () => {
    const current = {
      message: message({ type: 'user-document', document: documentSummary('pending') }),
    };
    const { actions, user } = await open(current, messageDocument('pending'));
    await user.click(await screen.findByRole('button', { name: 'Απόρριψη' }));
    const dialog = await screen.findByRole('dialog', { name: 'Απόρριψη' });
    await user.click(within(dialog).getByRole('button', { name: 'Απόρριψη' }));
    const reason = within(dialog).getByLabelText('Λόγος απόρριψης');
    expect(await within(dialog).findByText('Συμπληρώστε τον λόγο απόρριψης.')).toBeTruthy();
    expect(reason.getAttribute('aria-invalid')).toBe('true');
    expect(document.activeElement).toBe(reason);
    expect(actions.filter((a) => a.action === 'reject')).toEqual([]);
    await user.type(reason, 'Δεν γνωρίζω τον εξουσιοδοτούντα.');
    await user.click(within(dialog).getByRole('button', { name: 'Απόρριψη' }));
    await waitFor(() =>
      expect(actions.at(-1)).toEqual({
        action: 'reject',
        object_id: ID,
        arguments: { reason: 'Δεν γνωρίζω τον εξουσιοδοτούντα.' },
      }),
    );
    expect(await screen.findByText(/Δεν γνωρίζω τον εξουσιοδοτούντα\./)).toBeTruthy();
  });
});

describe('applications and plain messages', () => {
  it('shows a user application with its recipient and a same-site reply link only', async () => {
    await open({
      message: message({
        type: 'user-application',
        state_data: {
          title: { el: 'Αίτηση βεβαίωσης', en: 'Certificate application' },
          recipient_display_name: 'Δήμος Αθηναίων',
          reply_link: '/my/messages',
          replying_to_link: 'https://evil.example/steal',
        },
      }),
    });
    expect(await screen.findByRole('heading', { name: 'Αίτηση βεβαίωσης' })).toBeTruthy();
    expect(screen.getByText('Δήμος Αθηναίων')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Απάντηση' }).getAttribute('href')).toBe(
      '/my/messages',
    );
    expect(screen.queryByRole('link', { name: 'Σε απάντηση του' })).toBeNull();
  });

  it('shows a representative application with the representative', async () => {
    await open({
      message: message({
        type: 'representative-application',
        state_data: {
          representative_display_name: 'ΓΙΩΡΓΟΣ ΒΛΑΧΟΣ',
          summary: 'Ορισμός εκπροσώπου',
        },
      }),
    });
    expect(await screen.findByText('ΓΙΩΡΓΟΣ ΒΛΑΧΟΣ')).toBeTruthy();
    expect(screen.getByText('Εκπρόσωπος')).toBeTruthy();
    expect(screen.getByText('Ορισμός εκπροσώπου')).toBeTruthy();
  });

  it('lists every type with its label, title and state', async () => {
    const list: InboxEntriesResponse = {
      data: [
        message({
          type: 'wallet-consent-request',
          state_data: { expiration_timestamp: at(-hour) },
        }),
        message({
          type: 'user-document',
          document: documentSummary('pending'),
          state_data: { title: { el: 'Εξουσιοδότηση', en: 'Authorisation' } },
        }),
        message({ type: 'shared-document', document: documentSummary() }),
        message({ type: 'incoming-document' }),
        message({ type: 'user-application' }),
        message({ type: 'representative-application' }),
        message({ type: 'message' }),
      ].map((m, n) => ({ ...m, id: `${ID.slice(0, -1)}${n}`, status: 'incoming' as const })),
      meta: { incoming: { next: null }, next: null, counts: { incoming: 7 } },
    };
    const asked: Record<string, unknown>[] = [];
    server.use(
      http.post(LIST, async ({ request }) => {
        asked.push((await request.json()) as Record<string, unknown>);
        return HttpResponse.json(list);
      }),
    );
    renderApp('/my/messages', { config: CONFIG });
    const links = await screen.findAllByRole('link', { name: 'Αποστολέας' }, { timeout: 5000 });
    expect(links).toHaveLength(7);
    const text = links[0]?.closest('ul')?.textContent ?? '';
    for (const label of [
      'Αίτημα συναίνεσης',
      'Το αίτημα έληξε',
      'Περιμένει την απάντησή σας',
      'Κοινοποιημένο έγγραφο',
      'Εισερχόμενο έγγραφο',
      'Αίτηση εκπροσώπησης',
      'Εξουσιοδότηση',
    ]) {
      expect(text).toContain(label);
    }
    expect(asked[0]?.types).toEqual([
      'message',
      'wallet-consent-request',
      'shared-document',
      'user-document',
      'user-application',
      'incoming-document',
      'representative-application',
    ]);
  });
});

import type { CitizenMessage, InboxEntriesResponse } from '@dilosi/domain';
import { screen, waitFor } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { describe, expect, it, vi } from 'vitest';
import { currentUrl, renderApp, TEST_APP_CONFIG } from '../../testing/render-app';
import { server } from '../../testing/setup';

/** The citizen's message pages against a mocked USER gate (the server is tested for real). */
const CONFIG = {
  ...TEST_APP_CONFIG,
  flags: { ...TEST_APP_CONFIG.flags, CITIZENINBOX_ENABLED: true },
};
const LIST = '/api/gates/USER/gate/inbox-entries';
const id = (n: number) => `0d0d0d0d-0000-4000-8000-${String(n).padStart(12, '0')}`;

function message(n: number, fields: Partial<CitizenMessage> = {}): CitizenMessage {
  return {
    id: id(n),
    type: 'message',
    status: 'incoming',
    create_timestamp: new Date(Date.UTC(2026, 10, 20, 8, n)).toISOString(),
    tsid: String(1_795_600_000_000_000 + n),
    state_data: {
      sender_display_name: { el: 'Δήμος Αθηναίων', en: 'Municipality of Athens' },
      summary: `Μήνυμα αριθμός ${n}`,
      case_id: `2026/00000${n}`,
      first_retrieved_timestamp: null,
      expiration_timestamp: null,
    },
    document: null,
    ...fields,
  };
}

function mockList(pages: Record<string, InboxEntriesResponse>) {
  const asked: Record<string, unknown>[] = [];
  server.use(
    http.post(LIST, async ({ request }) => {
      const body = (await request.json()) as Record<string, unknown>;
      asked.push(body);
      const key = `${String(body.status)}|${String(body.before ?? '')}`;
      return HttpResponse.json(
        pages[key] ?? {
          data: [],
          meta: { incoming: { next: null }, next: null, counts: { incoming: 0 } },
        },
      );
    }),
  );
  return asked;
}

const page = (data: CitizenMessage[], next: string | null = null): InboxEntriesResponse => ({
  data,
  meta: { incoming: { next: data[0]?.tsid ?? null }, next, counts: { incoming: data.length } },
});

describe('the messages pages', () => {
  it('lists new messages, then read ones, a page at a time', async () => {
    const asked = mockList({
      'incoming|': page([message(3), message(2)]),
      'retrieved,resolved|': page([message(1, { status: 'retrieved' })], '1795600000000001'),
      'retrieved,resolved|1795600000000001': page([message(0, { status: 'retrieved' })]),
    });
    const { user } = renderApp('/my/messages', { config: CONFIG });
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Μηνύματα' }, { timeout: 5000 }),
    ).toBeTruthy();
    const links = await screen.findAllByRole('link', { name: 'Δήμος Αθηναίων' });
    expect(links.map((link) => link.getAttribute('href'))).toEqual([
      `/my/messages/show/${id(3)}`,
      `/my/messages/show/${id(2)}`,
    ]);
    expect(screen.getByText('Μήνυμα αριθμός 3')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Νέα' }).getAttribute('aria-current')).toBe('page');

    await user.click(screen.getByRole('link', { name: 'Αναγνωσμένα' }));
    expect(await screen.findByText('Μήνυμα αριθμός 1')).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Παλαιότερα μηνύματα' }));
    expect(await screen.findByText('Μήνυμα αριθμός 0')).toBeTruthy();
    expect(currentUrl()).toBe('/my/messages?list=read&before=1795600000000001');
    expect(asked.at(-1)).toMatchObject({
      status: ['retrieved', 'resolved'],
      before: '1795600000000001',
    });
  }, 15_000);

  it('says the sender once when the title repeats it', async () => {
    mockList({
      'incoming|': page([
        message(4, {
          state_data: {
            ...message(4).state_data,
            title: { el: 'Δήμος Αθηναίων', en: 'Municipality of Athens' },
            summary: 'Δήμος Αθηναίων',
          },
        }),
        message(5, {
          state_data: {
            ...message(5).state_data,
            title: { el: 'Βεβαίωση παραλαβής', en: 'Acknowledgement' },
          },
        }),
      ]),
    });
    renderApp('/my/messages', { config: CONFIG });
    const links = await screen.findAllByRole('link', { name: 'Δήμος Αθηναίων' }, { timeout: 5000 });
    expect(links).toHaveLength(2);
    expect(screen.getAllByText('Δήμος Αθηναίων')).toHaveLength(2);
    expect(screen.getByText('Βεβαίωση παραλαβής')).toBeTruthy();
    expect(screen.getByText('Μήνυμα αριθμός 5')).toBeTruthy();
  }, 15_000);

  it('opens a message (marking it read) and archives it, with a link to the archive', async () => {
    const actions: Record<string, unknown>[] = [];
    mockList({});
    server.use(
      http.post(`${LIST}/action`, async ({ request }) => {
        const body = (await request.json()) as { action: string; object_id: string };
        actions.push(body);
        const status = body.action === 'archive' ? 'archived' : 'retrieved';
        return HttpResponse.json({ data: message(7, { status }) });
      }),
    );
    const { user } = renderApp(`/my/messages/show/${id(7)}`, { config: CONFIG });
    expect(
      await screen.findByRole('heading', { level: 1, name: /Δήμος Αθηναίων/ }, { timeout: 5000 }),
    ).toBeTruthy();
    expect(actions).toEqual([{ action: 'retrieve', object_id: id(7) }]);
    expect(screen.getByText('Μήνυμα αριθμός 7')).toBeTruthy();
    expect(screen.getByText('2026/000007')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Αφαίρεση από το αρχείο' })).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Αρχειοθέτηση' }));
    await waitFor(() => expect(actions).toHaveLength(2));
    expect(actions[1]).toEqual({ action: 'archive', object_id: id(7) });
    const toast = await screen.findByText('Το μήνυμα αρχειοθετήθηκε.');
    expect(toast.querySelector('a')?.getAttribute('href')).toBe('/my/messages/archive');
    expect(await screen.findByRole('button', { name: 'Αφαίρεση από το αρχείο' })).toBeTruthy();
  });

  it('says so when a message cannot be taken out of the archive', async () => {
    mockList({});
    server.use(
      http.post(`${LIST}/action`, async ({ request }) => {
        const body = (await request.json()) as { action: string };
        if (body.action === 'unarchive') {
          return HttpResponse.json(
            { error: { code: 'action_not_allowed_on_state', message: 'no' } },
            { status: 409 },
          );
        }
        return HttpResponse.json({ data: message(8, { status: 'archived' }) });
      }),
    );
    const { user } = renderApp(`/my/messages/show/${id(8)}`, { config: CONFIG });
    await user.click(
      await screen.findByRole('button', { name: 'Αφαίρεση από το αρχείο' }, { timeout: 5000 }),
    );
    expect(await screen.findByText('Σφάλμα κατά την αφαίρεση από το αρχείο.')).toBeTruthy();
  });

  it('shows the not-found page for a message that is not the caller’s', async () => {
    // The error boundary reports the 404 it turns into the not-found page.
    vi.mocked(console.error).mockImplementation(() => {});
    mockList({});
    server.use(
      http.post(`${LIST}/action`, () =>
        HttpResponse.json(
          { error: { code: 'citizen_message_not_found', message: 'not found' } },
          { status: 404 },
        ),
      ),
    );
    renderApp(`/my/messages/show/${id(9)}`, { config: CONFIG });
    expect(
      await screen.findByRole('heading', { level: 1, name: /δεν βρέθηκε/i }, { timeout: 5000 }),
    ).toBeTruthy();
    const reported = vi.mocked(console.error).mock.calls.flat();
    expect(
      reported.some(
        (value) => (value as { code?: unknown } | null)?.code === 'citizen_message_not_found',
      ),
    ).toBe(true);
  });
});

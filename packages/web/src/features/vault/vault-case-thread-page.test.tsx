import type { VaultCaseThread } from '@dilosi/domain';
import { screen, waitFor } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { renderApp, TEST_APP_CONFIG } from '../../testing/render-app';
import { server } from '../../testing/setup';

/** The thread of one of her cases, `/vault/cases/:caseId`, against a mocked API (issue #33). */
const CONFIG = {
  ...TEST_APP_CONFIG,
  flags: { ...TEST_APP_CONFIG.flags, CITIZENINBOX_ENABLED: true },
};
const CASE = '0e0e0e0e-0000-4000-8000-000000000001';
const THREAD = `/api/vault/cases/${CASE}/messages`;

function thread(fields: Partial<VaultCaseThread> = {}): VaultCaseThread {
  return {
    case: {
      id: CASE,
      case_id: '2026/000042',
      status: 'pending',
      entity: {
        codename: 'DIMOS_ATHINAION',
        display_name: {
          el: 'Δήμος Αθηναίων',
          en: 'Municipality of Athens',
          fr: 'Mairie d’Athènes',
        },
      },
      reference_code: 'ABCDEFGH2345JKMN',
      template: {
        refname: 'solemn-declaration',
        shortname: { el: 'Υπεύθυνη δήλωση', en: 'Solemn declaration', fr: 'Déclaration' },
      },
      received_at: '2026-11-20T08:00:00.000Z',
      updated_at: '2026-11-21T08:00:00.000Z',
    },
    messages: [
      {
        id: 'a1',
        message: 'Στείλτε μας το πιστοποιητικό.',
        direction: 'staff',
        timestamp: '2026-11-21T08:00:00.000Z',
        attachment: null,
      },
      {
        id: 'a2',
        message: 'Το επισυνάπτω.',
        direction: 'citizen',
        timestamp: '2026-11-21T09:00:00.000Z',
        attachment: { filename: 'pistopoiitiko.pdf', size: 1234 },
      },
    ],
    refusal: null,
    ...fields,
  };
}

describe('the thread of a case in her vault', () => {
  it('shows who wrote what, her PDF, and sends her message', async () => {
    const sent: unknown[] = [];
    let current = thread();
    server.use(
      http.get(THREAD, () => HttpResponse.json({ data: current })),
      http.post(THREAD, async ({ request }) => {
        const body = (await request.json()) as { message: string };
        sent.push(body);
        current = {
          ...current,
          messages: [
            ...current.messages,
            {
              id: 'a3',
              message: body.message,
              direction: 'citizen',
              timestamp: '2026-11-22T09:00:00.000Z',
              attachment: null,
            },
          ],
        };
        return HttpResponse.json(
          {
            data: {
              ...current.messages.at(-1),
              user_display_name: 'ΜΑΡΙΑ ΠΑΠΑΔΟΠΟΥΛΟΥ',
            },
          },
          { status: 201 },
        );
      }),
    );
    const { user } = renderApp(`/vault/cases/${CASE}`, { config: CONFIG });
    expect(
      await screen.findByRole('heading', { level: 1, name: /2026\/000042/ }, { timeout: 5000 }),
    ).toBeTruthy();
    const items = screen.getAllByRole('listitem').filter((li) => li.className.includes('thread'));
    expect(items.map((li) => li.textContent)).toEqual([
      expect.stringMatching(/^Δήμος Αθηναίων.*Στείλτε μας το πιστοποιητικό\./),
      expect.stringMatching(/^Εσείς.*Το επισυνάπτω\./),
    ]);
    expect(screen.getByRole('button', { name: 'Λήψη pistopoiitiko.pdf' })).toBeTruthy();
    await user.type(screen.getByLabelText('Το μήνυμά σας'), 'Πότε θα είναι έτοιμο;');
    await user.click(screen.getByRole('button', { name: 'Αποστολή απάντησης' }));
    await waitFor(() => expect(sent).toEqual([{ message: 'Πότε θα είναι έτοιμο;' }]));
    expect(await screen.findByText('Πότε θα είναι έτοιμο;')).toBeTruthy();
  });

  it('says why a dismissed case takes no message, instead of the form', async () => {
    server.use(
      http.get(THREAD, () => HttpResponse.json({ data: thread({ refusal: 'case_dismissed' }) })),
    );
    renderApp(`/vault/cases/${CASE}`, { config: CONFIG });
    expect(
      await screen.findByText(
        /Ο φορέας έκλεισε και αρχειοθέτησε την υπόθεση/,
        {},
        { timeout: 5000 },
      ),
    ).toBeTruthy();
    expect(screen.queryByLabelText('Το μήνυμά σας')).toBeNull();
  });
});

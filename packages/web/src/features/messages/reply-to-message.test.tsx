import type { CitizenMessage, MessageDocument } from '@dilosi/domain';
import { screen, waitFor } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { renderApp, TEST_APP_CONFIG } from '../../testing/render-app';
import { server } from '../../testing/setup';

/** The citizen's answer to a document an entity sent her, on the message page (mocked API). */
const CONFIG = {
  ...TEST_APP_CONFIG,
  flags: { ...TEST_APP_CONFIG.flags, CITIZENINBOX_ENABLED: true },
};
const LIST = '/api/gates/USER/gate/inbox-entries';
const ID = '0d0d0d0d-0000-4000-8000-000000000009';
const CASE = '0e0e0e0e-0000-4000-8000-000000000001';

function received(fields: Partial<CitizenMessage> = {}): CitizenMessage {
  return {
    id: ID,
    type: 'incoming-document',
    status: 'retrieved',
    create_timestamp: '2026-11-25T10:00:00.000Z',
    tsid: '1795600000000009',
    state_data: {
      title: 'Βεβαίωση παραλαβής',
      sender_display_name: { el: 'Δήμος Αθηναίων', en: 'Municipality of Athens' },
      summary: 'Βεβαίωση παραλαβής αιτήματος',
      case_id: '2026/000009',
      first_retrieved_timestamp: null,
      expiration_timestamp: null,
    },
    document: {
      id: 'd9',
      reference_code: 'ABCD-EFGH-JKMN',
      template_refname: 'entity-acknowledgement',
      state: 'issued',
      issued_at: '2026-11-25T10:00:00.000Z',
    },
    case_entry_id: CASE,
    ...fields,
  };
}

const receivedDocument: MessageDocument = {
  id: 'd9',
  reference_code: 'ABCD-EFGH-JKMN',
  template_refname: 'entity-acknowledgement',
  template_shortname: { el: 'Βεβαίωση παραλαβής', en: 'Acknowledgement', fr: 'Accusé' },
  state: 'issued',
  issued_at: '2026-11-25T10:00:00.000Z',
  owner_display_name: 'Δήμος Αθηναίων',
  preview: {
    heading: { el: 'ΒΕΒΑΙΩΣΗ ΠΑΡΑΛΑΒΗΣ', en: 'ACKNOWLEDGEMENT', fr: 'ACCUSÉ' },
    rows: [],
    body: [{ el: 'Παραλάβαμε το αίτημά σας.', en: 'We received it.', fr: 'Reçu.' }],
    recipient: null,
  },
  answer_state: null,
  answer_reason: null,
};

function mockMessage(message: CitizenMessage) {
  const sent: unknown[] = [];
  server.use(
    http.post(LIST, () =>
      HttpResponse.json({
        data: [],
        meta: { incoming: { next: null }, next: null, counts: { incoming: 0 } },
      }),
    ),
    http.post(`${LIST}/action`, () => HttpResponse.json({ data: message })),
    // The received document itself, shown read-only above the answer.
    http.get(`${LIST}/${ID}/document`, () => HttpResponse.json({ data: receivedDocument })),
    http.post(`${LIST}/${ID}/reply`, async ({ request }) => {
      let body: { message: string };
      if (request.headers.get('content-type')?.startsWith('multipart/form-data')) {
        // A PDF: the message in the `json` part, the file in `file__attachment`.
        const raw = await request.clone().text();
        const form = await request.formData();
        body = JSON.parse(String(form.get('json'))) as { message: string };
        const file = /name="file__attachment"; filename="([^"]+)"/.exec(raw)?.[1];
        sent.push({ ...body, file, type: (form.get('file__attachment') as File).type });
      } else {
        body = (await request.json()) as { message: string };
        sent.push(body);
      }
      if (body.message.length > 320) {
        return HttpResponse.json(
          {
            error: {
              code: 'invalid_request',
              message: '',
              data: {
                invalid_fields: [
                  { invalid_field: 'message', error_info: { code: 'message_too_long' } },
                ],
              },
            },
          },
          { status: 400 },
        );
      }
      return HttpResponse.json(
        {
          data: {
            id: 'm1',
            message: body.message,
            direction: 'citizen',
            user_display_name: 'ΜΑΡΙΑ ΠΑΠΑΔΟΠΟΥΛΟΥ',
            timestamp: '2026-11-25T10:05:00.000Z',
            attachment: null,
          },
        },
        { status: 201 },
      );
    }),
  );
  return sent;
}

describe('the reply to a received document', () => {
  it('asks for a text, sends it and says so', async () => {
    const sent = mockMessage(received());
    const { user } = renderApp(`/my/messages/show/${ID}`, { config: CONFIG });
    const field = await screen.findByLabelText('Το μήνυμά σας', {}, { timeout: 5000 });
    await user.click(screen.getByRole('button', { name: 'Αποστολή απάντησης' }));
    expect(screen.getByText('Γράψτε το μήνυμά σας.')).toBeTruthy();
    expect(field.getAttribute('aria-invalid')).toBe('true');
    expect(sent).toEqual([]);
    await user.type(field, 'Ευχαριστώ για την ενημέρωση.');
    expect(screen.getByText(/28 από 320 χαρακτήρες/)).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Αποστολή απάντησης' }));
    await waitFor(() => expect(sent).toEqual([{ message: 'Ευχαριστώ για την ενημέρωση.' }]));
    expect(await screen.findByText('Η απάντησή σας στάλθηκε στον φορέα.')).toBeTruthy();
  });

  it('answers a plain message about a case with a PDF, and leads to the thread', async () => {
    const sent = mockMessage(received({ type: 'message', document: null }));
    const { user } = renderApp(`/my/messages/show/${ID}`, { config: CONFIG });
    const field = await screen.findByLabelText('Το μήνυμά σας', {}, { timeout: 5000 });
    await user.type(field, 'Σας το στέλνω.');
    const pdf = new File(['%PDF-1.7'], 'certificate.pdf', { type: 'application/pdf' });
    await user.upload(screen.getByLabelText('Συνημμένο PDF (προαιρετικό)'), pdf);
    await user.click(screen.getByRole('button', { name: 'Αποστολή απάντησης' }));
    await waitFor(() =>
      expect(sent, JSON.stringify(sent)).toEqual([
        // jsdom's File reaches the mocked network without its name: the e2e test checks it.
        { message: 'Σας το στέλνω.', file: expect.any(String), type: 'application/pdf' },
      ]),
    );
    expect(await screen.findByText('Η απάντησή σας στάλθηκε στον φορέα.')).toBeTruthy();
    expect(
      screen.getByRole('link', { name: 'Δείτε τη συνομιλία της υπόθεσης' }).getAttribute('href'),
    ).toBe(`/vault/cases/${CASE}`);
  });

  it('is not offered for a message about no case', async () => {
    mockMessage(received({ type: 'message', document: null, case_entry_id: null }));
    renderApp(`/my/messages/show/${ID}`, { config: CONFIG });
    await screen.findByRole('heading', { level: 1, name: /Δήμος Αθηναίων/ }, { timeout: 5000 });
    expect(screen.queryByLabelText('Το μήνυμά σας')).toBeNull();
  });
});

import type { ApiDocument, CaseDetail, EntityDocumentWrite } from '@dilosi/domain';
import { screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { currentUrl, renderApp, TEST_APP_CONFIG, TEST_USER } from '../../testing/render-app';
import { server } from '../../testing/setup';
import { DOCUMENT_ID, RECIPIENT, solemnDeclaration } from './testing/solemn-declaration';

/** The entity's wizard of a reply to a case (reply/{ref}/{id}/{step}) against a mocked API. */
const ENTITY = '0b0b0b0b-0000-4000-8000-000000000001';
const CASE = '0c0c0c0c-0000-4000-8000-000000000001';
const CLERK = { ...TEST_USER, is_admin: true, display_name: 'ΑΙΚΑΤΕΡΙΝΗ ΔΗΜΗΤΡΙΟΥ' };
const CONFIG = { ...TEST_APP_CONFIG, flags: { ...TEST_APP_CONFIG.flags, DASHBOARD_ENABLED: true } };
const text = (el: string) => ({ el, en: el, fr: el });

/** The case the wizard returns to once the reply is issued. */
function mockCase() {
  const detail: CaseDetail = {
    id: CASE,
    entry_id: CASE,
    inbox_status: 'pending',
    forwarded: false,
    assignee: null,
    assignee_display_name: null,
    age_days: 1,
    overdue: false,
    dismissed: false,
    declaration: {
      template_id: 'solemn-declaration',
      template: { shortname: text('Υπεύθυνη δήλωση') },
      timestamp: '2026-11-24T10:00:00.000Z',
      reference_code: 'REF1',
      user_display_name: 'ΜΑΡΙΑ ΠΑΠΑΔΟΠΟΥΛΟΥ',
      case_id: '2026/000001',
    },
    document: { id: null, state: null, issued_at: null, statements: [], attachments: [] },
    replies: [],
    forwarded_to: [],
    forwarded_from: null,
    counts: { notes: 0, replies: 0, messages: 0, history: 2 },
  };
  server.use(
    http.get(`/api/entity/${ENTITY}/inbox/:id`, () => HttpResponse.json({ data: detail })),
    http.get(`/api/entity/${ENTITY}/inbox/:id/neighbours`, () =>
      HttpResponse.json({ data: { previous: null, next: null } }),
    ),
  );
}

describe('the reply wizard', () => {
  /** A reply to the case in the entity's wizard, as the server answers it. */
  const replyDocument = (overrides: Partial<ApiDocument> = {}): ApiDocument => ({
    ...solemnDeclaration({ step: 'preview', recipient: RECIPIENT }),
    issuer_entity_id: ENTITY,
    targets: [{ type: 'entry', ref: CASE }],
    reply_case_status: 'none',
    ...overrides,
  });
  const wizardUrl = `/dashboard/entities/show/${ENTITY}/reply/entity-acknowledgement/${DOCUMENT_ID}/preview`;

  function mockReply(document: ApiDocument) {
    const posted: EntityDocumentWrite[] = [];
    const url = `/api/entity/${ENTITY}/documents/${DOCUMENT_ID}`;
    server.use(
      http.get(url, () => HttpResponse.json({ data: { document } })),
      http.post(url, async ({ request }) => {
        posted.push((await request.json()) as EntityDocumentWrite);
        const issued = { ...solemnDeclaration({ state: 'issued' }), targets: document.targets };
        return HttpResponse.json({ data: { document: issued } });
      }),
    );
    mockCase();
    return posted;
  }

  it('leads back to the case from its pages', async () => {
    mockReply(replyDocument());
    renderApp(wizardUrl, { user: CLERK, config: CONFIG });
    const back = await screen.findByRole('link', { name: 'Πίσω στην υπόθεση' });
    expect(back.getAttribute('href')).toBe(
      `/dashboard/entities/show/${ENTITY}/inbox/show/declaration/${CASE}?show=replies`,
    );
  });

  it('says what becomes of the case, as the template declares, and issues with the clerk’s choice', async () => {
    const posted = mockReply(replyDocument());
    const { user } = renderApp(wizardUrl, { user: CLERK, config: CONFIG });
    await user.click(await screen.findByRole('button', { name: 'Υποβολή' }));
    const dialog = await screen.findByRole('dialog', { name: 'Έκδοση απάντησης' });
    // The acknowledgement declares none: the case stays as it is unless the clerk says otherwise.
    expect(within(dialog).getByText('Η κατάσταση της υπόθεσης δεν θα αλλάξει.')).toBeTruthy();
    const group = within(dialog).getByRole('group', {
      name: 'Κατάσταση της υπόθεσης μετά την έκδοση',
    });
    const unchanged = within(group).getByRole('radio', { name: 'Μένει ως έχει' });
    expect((unchanged as HTMLInputElement).checked).toBe(true);
    await user.click(within(group).getByRole('radio', { name: 'Ολοκληρωμένη' }));
    expect(within(dialog).getByText('Η υπόθεση θα γίνει: Ολοκληρωμένη.')).toBeTruthy();
    expect(posted).toEqual([]);
    await user.click(within(dialog).getByRole('button', { name: 'Έκδοση και αποστολή' }));
    await waitFor(() => expect(posted).toHaveLength(1));
    expect(posted[0]).toMatchObject({ action: 'submit', reply_case_status: 'finished' });
    await waitFor(() =>
      expect(currentUrl()).toBe(
        `/dashboard/entities/show/${ENTITY}/inbox/show/declaration/${CASE}?show=replies`,
      ),
    );
  });

  it('starts from the template’s declaration and sends it when the clerk keeps it', async () => {
    const posted = mockReply(replyDocument({ reply_case_status: 'finished' }));
    const { user } = renderApp(wizardUrl, { user: CLERK, config: CONFIG });
    await user.click(await screen.findByRole('button', { name: 'Υποβολή' }));
    const dialog = await screen.findByRole('dialog', { name: 'Έκδοση απάντησης' });
    expect(within(dialog).getByText('Η υπόθεση θα γίνει: Ολοκληρωμένη.')).toBeTruthy();
    expect(
      (within(dialog).getByRole('radio', { name: 'Ολοκληρωμένη' }) as HTMLInputElement).checked,
    ).toBe(true);
    await user.click(within(dialog).getByRole('button', { name: 'Έκδοση και αποστολή' }));
    await waitFor(() => expect(posted).toHaveLength(1));
    expect(posted[0]).toMatchObject({ action: 'submit', reply_case_status: 'finished' });
  });
});

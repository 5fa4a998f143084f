import type { JointConsent } from '@dilosi/domain';
import { screen, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { renderApp, TEST_USER } from '../../testing/render-app';
import { server } from '../../testing/setup';

/** The signatory's page against a mocked API (the server's side is tested for real). */
const ID = '7a7a7a7a-0000-4000-8000-000000000001';
const T = (el: string, en = el, fr = el) => ({ el, en, fr });

const signatory = (position: number, afm: string, name: string, state: 'pending' | 'signed') => ({
  position,
  is_author: position === 0,
  afm,
  firstname: name,
  surname: 'ΔΟΚΙΜΗ',
  role: T('Συνιδιοκτήτης/τρια', 'Co-owner'),
  state,
  signed_at: state === 'signed' ? '2026-11-28T10:00:00.000Z' : null,
  dismissed_at: null,
  dismissed_reason: null,
});

const consentOf = (fields: Partial<JointConsent> = {}): JointConsent => ({
  id: ID,
  document_id: '7a7a7a7a-0000-4000-8000-000000000002',
  state: 'issued',
  title: T('Δήλωση συνιδιοκτητών ακινήτου', 'Declaration of property co-owners'),
  created_at: '2026-11-28T10:00:00.000Z',
  expires_at: '2026-12-08T10:00:00.000Z',
  reminded_at: null,
  closed_reason: null,
  reference_code: null,
  my_position: 1,
  text_digest: 'd'.repeat(64),
  preview: {
    heading: T('ΥΠΕΥΘΥΝΗ ΔΗΛΩΣΗ'),
    rows: [],
    recipient: null,
    body: [T('δηλώνουμε από κοινού ότι είμαστε συνιδιοκτήτες του ακινήτου Ιπποκράτους 42')],
  },
  signatories: [
    signatory(0, '100000015', 'ΜΑΡΙΑ', 'signed'),
    signatory(1, TEST_USER.afm ?? '', 'ΝΙΚΟΣ', 'pending'),
  ],
  ...fields,
});

describe('the joint declaration page', () => {
  it('shows every signatory and the exact text, then signs with her SMS code bound to the text', async () => {
    let signed: unknown = null;
    server.use(
      http.get(`/api/joint/consents/${ID}`, () =>
        HttpResponse.json({ data: { consent: consentOf() } }),
      ),
      http.post(`/api/joint/consents/${ID}/code`, () =>
        HttpResponse.json({
          data: { mobile: '69******78', expires_at: '2026-11-28T10:05:00.000Z', sends: 1 },
        }),
      ),
      http.post(`/api/joint/consents/${ID}/sign`, async ({ request }) => {
        signed = await request.json();
        const done = consentOf({ state: 'fully_signed', reference_code: 'ABCD1234EFGH' });
        done.signatories = done.signatories.map((row) => ({
          ...row,
          state: 'signed',
          signed_at: '2026-11-28T10:01:00.000Z',
        }));
        return HttpResponse.json({ data: { consent: done } });
      }),
    );
    const { user } = renderApp(`/my/joint/${ID}`);
    expect(
      await screen.findByRole('heading', { level: 1, name: /Δήλωση συνιδιοκτητών ακινήτου/ }),
    ).toBeTruthy();
    const table = screen.getByRole('table', { name: 'Υπογράφοντες' });
    expect(within(table).getByText('ΜΑΡΙΑ ΔΟΚΙΜΗ')).toBeTruthy();
    expect(within(table).getByText('ΝΙΚΟΣ ΔΟΚΙΜΗ (εσείς)')).toBeTruthy();
    expect(within(table).getByText('Δεν έχει υπογράψει')).toBeTruthy();
    expect(screen.getByText(/Ιπποκράτους 42/)).toBeTruthy();

    await user.click(screen.getByRole('button', { name: 'Αποστολή κωδικού SMS' }));
    expect(await screen.findByText('Στείλαμε κωδικό στο 69******78.')).toBeTruthy();
    // A code that is not six digits never leaves the page.
    await user.type(screen.getByLabelText(/Κωδικός SMS/), '12');
    await user.click(screen.getByRole('button', { name: 'Υπογραφή' }));
    expect(await screen.findAllByText('Συμπληρώστε τον εξαψήφιο κωδικό')).not.toHaveLength(0);
    expect(signed).toBeNull();
    await user.clear(screen.getByLabelText(/Κωδικός SMS/));
    await user.type(screen.getByLabelText(/Κωδικός SMS/), '123456');
    await user.click(screen.getByRole('button', { name: 'Υπογραφή' }));
    expect(await screen.findByText('Υπογράφηκε από όλους')).toBeTruthy();
    expect(signed).toEqual({ otp_code: '123456', text_digest: 'd'.repeat(64) });
    expect(screen.queryByRole('button', { name: 'Αρνούμαι να υπογράψω' })).toBeNull();
  });

  it('declines with a reason, and says in her language why an action was refused', async () => {
    let declined: unknown = null;
    server.use(
      http.get(`/api/joint/consents/${ID}`, () =>
        HttpResponse.json({ data: { consent: consentOf() } }),
      ),
      http.post(`/api/joint/consents/${ID}/decline`, async ({ request }) => {
        declined = await request.json();
        return HttpResponse.json(
          {
            error: { code: 'consent_state_is_canceled', message: 'x' },
          },
          { status: 409 },
        );
      }),
    );
    const { user } = renderApp(`/my/joint/${ID}`);
    await user.type(await screen.findByLabelText('Αιτία (προαιρετικά)'), 'Λάθος ποσοστό');
    await user.click(screen.getByRole('button', { name: 'Αρνούμαι να υπογράψω' }));
    expect((await screen.findByRole('alert')).textContent).toContain(
      'Η κοινή δήλωση έχει ακυρωθεί ή έχει λήξει.',
    );
    expect(declined).toEqual({ reason: 'Λάθος ποσοστό' });
  });

  it('lists her joint declarations with their state and how many have signed', async () => {
    server.use(
      http.get('/api/joint/consents', () =>
        HttpResponse.json({ data: { consents: [consentOf()] } }),
      ),
    );
    renderApp('/my/joint');
    const link = await screen.findByRole('link', { name: 'Δήλωση συνιδιοκτητών ακινήτου' });
    expect(link.getAttribute('href')).toBe(`/my/joint/${ID}`);
    expect(
      screen.getByText('Σας ζητείται υπογραφή · Αναμένει υπογραφές · 1 από 2 υπογραφές'),
    ).toBeTruthy();
  });
});

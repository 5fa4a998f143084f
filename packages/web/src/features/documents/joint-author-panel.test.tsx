import type { JointConsentSummary } from '@dilosi/domain';
import { screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { renderApp, TEST_USER } from '../../testing/render-app';
import { server } from '../../testing/setup';
import { mockDocumentApi } from './testing/document-api';
import {
  DOCUMENT_ID,
  RECIPIENT,
  STATEMENT,
  documentBody,
  solemnDeclaration,
} from './testing/solemn-declaration';

/**
 * The author's panel on her joint declaration (issue #35): the wizard, once her code opened the
 * consent, and the done page show who signed, who is pending and who declined, with the way to
 * the joint declaration's page. The API is mocked; the server's side is tested for real.
 */
const CONSENT_ID = '7a7a7a7a-0000-4000-8000-000000000001';
const T = (el: string, en = el, fr = el) => ({ el, en, fr });
type Signatory = JointConsentSummary['signatories'][number];

const signatory = (position: number, name: string, fields: Partial<Signatory> = {}) => ({
  position,
  is_author: position === 0,
  afm: position === 0 ? (TEST_USER.afm ?? '') : '100000027',
  firstname: name,
  surname: 'ΔΟΚΙΜΗ',
  role: T(position === 0 ? 'Γονέας, συντάκτης/τρια' : 'Γονέας'),
  state: 'pending' as const,
  signed_at: null,
  dismissed_at: null,
  dismissed_reason: null,
  ...fields,
});

const consentOf = (fields: Partial<JointConsentSummary> = {}): JointConsentSummary => ({
  id: CONSENT_ID,
  document_id: DOCUMENT_ID,
  state: 'issued',
  title: T('Κοινή υπεύθυνη δήλωση γονέων'),
  created_at: '2026-11-28T10:00:00.000Z',
  expires_at: '2026-12-08T10:00:00.000Z',
  reminded_at: null,
  closed_reason: null,
  reference_code: null,
  my_position: 0,
  signatories: [
    signatory(0, 'ΜΑΡΙΑ', { state: 'signed', signed_at: '2026-11-28T10:00:00.000Z' }),
    signatory(1, 'ΝΙΚΟΣ'),
  ],
  ...fields,
});

const requested = () =>
  solemnDeclaration({ state: 'requested', values: { statement: STATEMENT }, recipient: RECIPIENT });

function mockConsent(answer: () => JointConsentSummary | null) {
  const asked: string[] = [];
  server.use(
    http.get('/api/joint/documents/:id/consent', ({ params }) => {
      asked.push(String(params.id));
      return HttpResponse.json({ data: { consent: answer() } });
    }),
  );
  return asked;
}

describe("the author's panel on her joint declaration", () => {
  it('replaces the code form once her code opened the consent: who signed, who is pending, the way to it', async () => {
    let opened = false;
    const asked = mockConsent(() => (opened ? consentOf() : null));
    mockDocumentApi(DOCUMENT_ID, {
      get: requested,
      update: () => {
        opened = true;
        return requested();
      },
    });
    const { user } = renderApp(`/issue/${DOCUMENT_ID}/confirm`);
    await screen.findByRole('heading', { level: 1, name: 'Επιβεβαίωση' });
    await user.type(screen.getByRole('textbox', { name: /Κωδικός επιβεβαίωσης/ }), '123456');
    await user.click(screen.getByRole('button', { name: 'Επιβεβαίωση' }));

    const panel = await screen.findByRole('region', { name: 'Υπογραφές της κοινής δήλωσης' });
    expect(asked.every((id) => id === DOCUMENT_ID)).toBe(true);
    expect(within(panel).getByText('Αναμένει υπογραφές')).toBeTruthy();
    expect(within(panel).getByText(/1 από 2 υπογραφές/)).toBeTruthy();
    const table = within(panel).getByRole('table', { name: 'Υπογράφοντες' });
    const rows = within(table).getAllByRole('row');
    expect(within(rows[1] as HTMLElement).getByText('ΜΑΡΙΑ ΔΟΚΙΜΗ (εσείς)')).toBeTruthy();
    expect(within(rows[1] as HTMLElement).getByText('Υπέγραψε')).toBeTruthy();
    expect(within(rows[2] as HTMLElement).getByText('Δεν έχει υπογράψει')).toBeTruthy();
    const link = within(panel).getByRole('link', {
      name: 'Άνοιγμα της κοινής δήλωσης (υπενθύμιση ή ακύρωση)',
    });
    expect(link.getAttribute('href')).toBe(`/my/joint/${CONSENT_ID}`);
    // The page keeps a main heading, the declaration's title; nothing left to type here.
    expect(screen.getByRole('heading', { level: 1 }).textContent).toMatch(/άρθρο 8 Ν\.1599/);
    await waitFor(() => expect(screen.queryByRole('textbox')).toBeNull());
  });

  it('shows who declined and why above the form of a declaration a co-signatory refused', async () => {
    mockConsent(() =>
      consentOf({
        state: 'canceled',
        closed_reason: 'signatory_declined',
        signatories: [
          signatory(0, 'ΜΑΡΙΑ', { state: 'signed', signed_at: '2026-11-28T10:00:00.000Z' }),
          signatory(1, 'ΝΙΚΟΣ', {
            state: 'dismissed',
            dismissed_at: '2026-11-28T11:00:00.000Z',
            dismissed_reason: 'Λάθος ημερομηνία γέννησης',
          }),
        ],
      }),
    );
    mockDocumentApi(DOCUMENT_ID, { get: requested });
    renderApp(`/issue/${DOCUMENT_ID}/confirm`);
    const panel = await screen.findByRole('region', { name: 'Υπογραφές της κοινής δήλωσης' });
    expect(within(panel).getByText('Ακυρώθηκε')).toBeTruthy();
    expect(within(panel).getByText(/Ένας συνυπογράφων αρνήθηκε/)).toBeTruthy();
    expect(within(panel).getByText('Αρνήθηκε')).toBeTruthy();
    expect(within(panel).getByText('Αιτιολογία: Λάθος ημερομηνία γέννησης')).toBeTruthy();
    expect(within(panel).getByRole('link', { name: 'Άνοιγμα της κοινής δήλωσης' })).toBeTruthy();
    // Closed: the wizard is hers again.
    expect(screen.getByRole('textbox', { name: /Κωδικός επιβεβαίωσης/ })).toBeTruthy();
  });

  it('lists every signatory on the done page of the issued joint declaration, with the way to it', async () => {
    const issued = solemnDeclaration({
      state: 'issued',
      values: { statement: STATEMENT },
      recipient: RECIPIENT,
    });
    server.use(
      http.get('/api/citizen-declarations/:ref', () => HttpResponse.json(documentBody(issued))),
    );
    mockConsent(() =>
      consentOf({
        state: 'fully_signed',
        reference_code: 'YD18QF3K2M7',
        signatories: [
          signatory(0, 'ΜΑΡΙΑ', { state: 'signed', signed_at: '2026-11-28T10:00:00.000Z' }),
          signatory(1, 'ΝΙΚΟΣ', { state: 'signed', signed_at: '2026-11-28T12:00:00.000Z' }),
        ],
      }),
    );
    renderApp('/dilosi/YD1-8QF3-K2M7/done');
    const panel = await screen.findByRole('region', { name: 'Υπογραφές της κοινής δήλωσης' });
    expect(within(panel).getByText('Υπογράφηκε από όλους')).toBeTruthy();
    expect(within(panel).getAllByText('Υπέγραψε')).toHaveLength(2);
    const link = within(panel).getByRole('link', { name: 'Άνοιγμα της κοινής δήλωσης' });
    expect(link.getAttribute('href')).toBe(`/my/joint/${CONSENT_ID}`);
  });

  it('shows nothing for a document that is no joint declaration', async () => {
    const asked = mockConsent(() => null);
    mockDocumentApi(DOCUMENT_ID, { get: requested });
    renderApp(`/issue/${DOCUMENT_ID}/confirm`);
    await screen.findByRole('heading', { level: 1, name: 'Επιβεβαίωση' });
    await waitFor(() => expect(asked).toHaveLength(1));
    expect(screen.queryByRole('region', { name: 'Υπογραφές της κοινής δήλωσης' })).toBeNull();
    expect(screen.getByRole('textbox', { name: /Κωδικός επιβεβαίωσης/ })).toBeTruthy();
  });
});

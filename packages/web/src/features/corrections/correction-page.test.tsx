import type { MyCorrection } from '@dilosi/domain';
import { screen, waitFor } from '@testing-library/react';
import { delay, http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { currentUrl, renderApp, TEST_USER } from '../../testing/render-app';
import { server } from '../../testing/setup';

/** Issue #41: the citizen's page of a correction asked of her document, against a mocked API. */
const ID = '7b7b7b7b-0000-4000-8000-000000000001';
const DRAFT = '7b7b7b7b-0000-4000-8000-000000000002';

const correctionOf = (fields: Partial<MyCorrection> = {}): MyCorrection => ({
  id: ID,
  state: 'requested',
  reason: 'Λείπει η διεύθυνση κατοικίας.',
  requested_at: '2026-11-28T10:00:00.000Z',
  requested_by: 'ΑΙΚΑΤΕΡΙΝΗ ΔΗΜΗΤΡΙΟΥ',
  reference_code: 'P354RF20KKCTJ5QS',
  corrected_at: null,
  entity_name: { el: 'Δήμος Αθηναίων', en: 'Municipality of Athens', fr: "Municipalité d'Athènes" },
  case_id: '2026/000251',
  template: 'solemn-declaration',
  template_shortname: { el: 'Υπεύθυνη δήλωση', en: 'Solemn declaration', fr: 'Déclaration' },
  draft_document_id: null,
  draft_step: null,
  ...fields,
});

describe('the correction page', () => {
  it('says what to correct, and starts the draft with her choice about the old document', async () => {
    let sent: unknown;
    server.use(
      http.get(`/api/my-corrections/${ID}`, () => HttpResponse.json({ data: correctionOf() })),
      http.post(`/api/my-corrections/${ID}/draft`, async ({ request }) => {
        sent = await request.json();
        return HttpResponse.json(
          { data: { document: { id: DRAFT, step_name: 'fields' } } },
          { status: 201 },
        );
      }),
      // The wizard it lands on waits for its draft: this test ends at the address.
      http.get(`/api/my-declarations/${DRAFT}`, async () => {
        await delay('infinite');
        return HttpResponse.json({});
      }),
    );
    const { user } = renderApp(`/my/corrections/${ID}`, { user: TEST_USER });
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Διόρθωση εγγράφου' }),
    ).toBeTruthy();
    expect(screen.getByText('Λείπει η διεύθυνση κατοικίας.')).toBeTruthy();
    expect(screen.getByText('Δήμος Αθηναίων')).toBeTruthy();
    expect(screen.getByText(/P354-RF20-KKCT-J5QS/)).toBeTruthy();
    await user.click(screen.getByRole('radio', { name: 'Να ανακληθεί' }));
    await user.click(screen.getByRole('button', { name: 'Έναρξη διόρθωσης' }));
    await waitFor(() => expect(sent).toEqual({ revoke_previous: true }));
    await waitFor(() => expect(currentUrl()).toBe(`/issue/${DRAFT}/fields`));
  });

  it('links back to a draft she started; a done correction offers nothing more', async () => {
    server.use(
      http.get(`/api/my-corrections/${ID}`, () =>
        HttpResponse.json({
          data: correctionOf({
            state: 'drafted',
            draft_document_id: DRAFT,
            draft_step: 'recipient',
          }),
        }),
      ),
    );
    renderApp(`/my/corrections/${ID}`, { user: TEST_USER });
    const link = await screen.findByRole('link', { name: 'Συνέχεια της διόρθωσης που ξεκινήσατε' });
    expect(link.getAttribute('href')).toBe(`/issue/${DRAFT}/recipient`);
    expect(screen.getByRole('button', { name: 'Νέα διόρθωση από την αρχή' })).toBeTruthy();
  });

  it('a corrected one: says so, no form', async () => {
    server.use(
      http.get(`/api/my-corrections/${ID}`, () =>
        HttpResponse.json({ data: correctionOf({ state: 'corrected' }) }),
      ),
    );
    renderApp(`/my/corrections/${ID}`, { user: TEST_USER });
    expect(
      await screen.findByText(
        'Η διόρθωση ολοκληρώθηκε: το νέο έγγραφο στάλθηκε στην ίδια υπόθεση.',
      ),
    ).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Έναρξη διόρθωσης' })).toBeNull();
  });
});

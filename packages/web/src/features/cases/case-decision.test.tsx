import type { CaseDetail } from '@dilosi/domain';
import { screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { describe, expect, it, vi } from 'vitest';
import { renderApp } from '../../testing/render-app';
import { server } from '../../testing/setup';
import { caseDetail, caseId, CLERK, CONFIG, ENTITY } from './testing/inbox-fixtures';

/** Issue #41: a motivated decision from the case page, and the decision shown on it. */
describe('a decision on the case', () => {
  const reply = {
    id: 'r1',
    entity_id: ENTITY,
    reference_code: 'ABCDEFGHJKMNPQRS',
    timestamp: '2026-11-20T10:00:00.000Z',
    user_display_name: 'Κ. Υπάλληλος',
    user_id: 'u1',
    state: 'issued',
    template: 'entity-reply',
    template_shortname: { el: 'Απάντηση', en: 'Reply', fr: 'Réponse' },
  };

  function mockCase(open: CaseDetail, decided: CaseDetail, posted: unknown[]) {
    let current = open;
    server.use(
      http.get(`/api/entity/${ENTITY}/inbox/:id`, () => HttpResponse.json({ data: current })),
      http.get(`/api/entity/${ENTITY}/inbox/:id/neighbours`, () =>
        HttpResponse.json({ data: { previous: null, next: null } }),
      ),
      http.post(`/api/entity/${ENTITY}/inbox/:id/decision`, async ({ request }) => {
        posted.push(await request.json());
        current = decided;
        return HttpResponse.json({ data: decided });
      }),
    );
  }

  it('asks for the decision and its reason, then sends them with the chosen reply', async () => {
    const posted: unknown[] = [];
    const open = { ...caseDetail(7), inbox_status: 'pending', replies: [reply] } as CaseDetail;
    const decided = {
      ...open,
      inbox_status: 'canceled',
      decision: {
        decision: 'refused',
        reason: 'Λείπει το παράβολο.',
        decided_at: '2026-11-28T10:00:00.000Z',
        decided_by: 'Κ. Υπάλληλος',
        document: { id: 'r1', reference_code: reply.reference_code },
      },
    } as CaseDetail;
    mockCase(open, decided, posted);
    const { user } = renderApp(
      `/dashboard/entities/show/${ENTITY}/inbox/show/declaration/${caseId(7)}`,
      { user: CLERK, config: CONFIG },
    );
    await user.click(await screen.findByRole('button', { name: 'Λήψη απόφασης' }));
    const dialog = await screen.findByRole('dialog', { name: 'Λήψη απόφασης' });
    await user.click(within(dialog).getByRole('button', { name: 'Καταχώριση απόφασης' }));
    expect(await within(dialog).findByText('Επιλέξτε την απόφαση.')).toBeTruthy();
    expect(within(dialog).getByText('Γράψτε την αιτιολογία της απόφασης.')).toBeTruthy();
    expect(posted).toEqual([]);

    await user.click(within(dialog).getByRole('radio', { name: 'Απόρριψη' }));
    await user.type(within(dialog).getByLabelText('Αιτιολογία'), 'Λείπει το παράβολο.');
    await user.selectOptions(
      within(dialog).getByLabelText('Συνοδευτικό έγγραφο (προαιρετικά)'),
      'r1',
    );
    await user.click(within(dialog).getByRole('button', { name: 'Καταχώριση απόφασης' }));
    await waitFor(() => expect(posted).toHaveLength(1));
    expect(posted[0]).toEqual({
      decision: 'refused',
      reason: 'Λείπει το παράβολο.',
      document_id: 'r1',
    });
    expect(
      await screen.findByText('Η απόφαση καταχωρίστηκε και στάλθηκε στον πολίτη.'),
    ).toBeTruthy();
    // The page shows the decision; a closed case offers no other decision.
    const panel = await screen.findByRole('region', { name: 'Απόφαση: Απόρριψη' });
    expect(within(panel).getByText('Λείπει το παράβολο.')).toBeTruthy();
    expect(within(panel).getByText(/ABCD-EFGH-JKMN-PQRS/)).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Λήψη απόφασης' })).toBeNull();
  });

  it("shows the server's refusal in the dialog, in the user's language", async () => {
    const open = { ...caseDetail(8), inbox_status: 'incoming', replies: [] } as CaseDetail;
    server.use(
      http.get(`/api/entity/${ENTITY}/inbox/:id`, () => HttpResponse.json({ data: open })),
      http.get(`/api/entity/${ENTITY}/inbox/:id/neighbours`, () =>
        HttpResponse.json({ data: { previous: null, next: null } }),
      ),
      http.post(`/api/entity/${ENTITY}/inbox/:id/decision`, () =>
        HttpResponse.json(
          {
            error: {
              code: 'action_not_allowed_on_state',
              message: 'Η ενέργεια δεν επιτρέπεται.',
            },
          },
          { status: 409 },
        ),
      ),
    );
    const { user } = renderApp(
      `/dashboard/entities/show/${ENTITY}/inbox/show/declaration/${caseId(8)}`,
      { user: CLERK, config: CONFIG },
    );
    await user.click(await screen.findByRole('button', { name: 'Λήψη απόφασης' }));
    const dialog = await screen.findByRole('dialog', { name: 'Λήψη απόφασης' });
    await user.click(within(dialog).getByRole('radio', { name: 'Έγκριση' }));
    await user.type(within(dialog).getByLabelText('Αιτιολογία'), 'Εγκρίνεται.');
    await user.click(within(dialog).getByRole('button', { name: 'Καταχώριση απόφασης' }));
    expect(await within(dialog).findByRole('alert')).toBeTruthy();
    expect(screen.getByRole('dialog', { name: 'Λήψη απόφασης' })).toBeTruthy();
  });

  it('asks the citizen for a correction, shows it, and takes it back', async () => {
    const posted: unknown[] = [];
    let deleted = 0;
    const issuedDocument = {
      id: 'd9',
      state: 'issued',
      issued_at: null,
      statements: [],
      attachments: [],
    };
    const open = {
      ...caseDetail(9),
      inbox_status: 'incoming',
      document: issuedDocument,
      correction: null,
    } as unknown as CaseDetail;
    const asked = {
      ...open,
      inbox_status: 'pending',
      correction: {
        id: 'c1',
        state: 'requested',
        reason: 'Λείπει η διεύθυνση.',
        requested_at: '2026-11-28T10:00:00.000Z',
        requested_by: 'Κ. Υπάλληλος',
        reference_code: 'ABCDEFGHJKMNPQRS',
        corrected_at: null,
      },
    } as CaseDetail;
    let current = open;
    server.use(
      http.get(`/api/entity/${ENTITY}/inbox/:id`, () => HttpResponse.json({ data: current })),
      http.get(`/api/entity/${ENTITY}/inbox/:id/neighbours`, () =>
        HttpResponse.json({ data: { previous: null, next: null } }),
      ),
      http.post(`/api/entity/${ENTITY}/inbox/:id/correction`, async ({ request }) => {
        posted.push(await request.json());
        current = asked;
        return HttpResponse.json({ data: asked });
      }),
      http.delete(`/api/entity/${ENTITY}/inbox/:id/correction`, () => {
        deleted += 1;
        current = {
          ...asked,
          correction: { ...asked.correction, state: 'withdrawn' },
        } as CaseDetail;
        return HttpResponse.json({ data: current });
      }),
    );
    const { user } = renderApp(
      `/dashboard/entities/show/${ENTITY}/inbox/show/declaration/${caseId(9)}`,
      { user: CLERK, config: CONFIG },
    );
    await user.click(await screen.findByRole('button', { name: 'Ζήτηση διόρθωσης' }));
    const dialog = await screen.findByRole('dialog', { name: 'Ζήτηση διόρθωσης' });
    await user.click(within(dialog).getByRole('button', { name: 'Αποστολή αιτήματος' }));
    expect(await within(dialog).findByText('Γράψτε τι πρέπει να διορθωθεί.')).toBeTruthy();
    expect(posted).toEqual([]);
    await user.type(within(dialog).getByLabelText('Τι πρέπει να διορθωθεί'), 'Λείπει η διεύθυνση.');
    await user.click(within(dialog).getByRole('button', { name: 'Αποστολή αιτήματος' }));
    await waitFor(() => expect(posted).toEqual([{ reason: 'Λείπει η διεύθυνση.' }]));
    const panel = await screen.findByRole('region', { name: 'Ζητήθηκε διόρθωση' });
    expect(within(panel).getByText('Λείπει η διεύθυνση.')).toBeTruthy();
    // One open correction at a time: no second request while it is open.
    expect(screen.queryByRole('button', { name: 'Ζήτηση διόρθωσης' })).toBeNull();
    await user.click(within(panel).getByRole('button', { name: 'Ανάκληση αιτήματος διόρθωσης' }));
    await waitFor(() => expect(deleted).toBe(1));
    expect(
      await screen.findByRole('region', { name: 'Το αίτημα διόρθωσης ανακλήθηκε' }),
    ).toBeTruthy();
  });

  it('prints the case from its own button (the print view)', async () => {
    const print = vi.spyOn(window, 'print').mockImplementation(() => undefined);
    const open = { ...caseDetail(10), inbox_status: 'pending', replies: [] } as CaseDetail;
    mockCase(open, open, []);
    const { user } = renderApp(
      `/dashboard/entities/show/${ENTITY}/inbox/show/declaration/${caseId(10)}`,
      { user: CLERK, config: CONFIG },
    );
    await user.click(await screen.findByRole('button', { name: 'Εκτύπωση' }));
    expect(print).toHaveBeenCalledTimes(1);
    print.mockRestore();
  });
});

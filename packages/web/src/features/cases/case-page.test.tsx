import type { CaseDetail } from '@dilosi/domain';
import { screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { currentUrl, renderApp } from '../../testing/render-app';
import { server } from '../../testing/setup';
import { caseDetail, caseId, CLERK, CONFIG, ENTITY, listUrl } from './testing/inbox-fixtures';

/** The case page against a mocked API: previous / next on the case, its tabs and actions. */
describe('the case page', () => {
  it('links the previous and next case of the list it came from, filters kept', async () => {
    let asked: URLSearchParams | undefined;
    server.use(
      http.get(`/api/entity/${ENTITY}/inbox/:id`, ({ params }) =>
        HttpResponse.json({ data: caseDetail(Number(String(params.id).slice(-12))) }),
      ),
      http.get(`/api/entity/${ENTITY}/inbox/:id/neighbours`, ({ request, params }) => {
        asked = new URL(request.url).searchParams;
        const n = Number(String(params.id).slice(-12));
        return HttpResponse.json({ data: { previous: caseId(n - 1), next: caseId(n + 1) } });
      }),
    );
    const { user } = renderApp(
      `/dashboard/entities/show/${ENTITY}/inbox/show/declaration/${caseId(5)}?user=x&tab=pending`,
      { user: CLERK, config: CONFIG },
    );
    const next = await screen.findByRole('link', { name: 'Επόμενη υπόθεση' });
    expect(Object.fromEntries(asked ?? [])).toMatchObject({ status: 'pending', user: 'x' });
    expect(screen.getByRole('link', { name: 'Πίσω στη λίστα' }).getAttribute('href')).toBe(
      listUrl('pending', 'user=x'),
    );
    await user.click(next);
    await waitFor(() => expect(currentUrl()).toContain(caseId(6)));
    expect(currentUrl()).toContain('tab=pending');
    // k goes back to the previous case.
    await screen.findByRole('link', { name: 'Προηγούμενη υπόθεση' });
    await user.keyboard('k');
    await waitFor(() => expect(currentUrl()).toContain(caseId(5)));
  });

  it('moves between the tabs with the arrow keys, one tab stop for the list', async () => {
    server.use(
      http.get(`/api/entity/${ENTITY}/inbox/:id`, () => HttpResponse.json({ data: caseDetail(3) })),
      http.get(`/api/entity/${ENTITY}/inbox/:id/neighbours`, () =>
        HttpResponse.json({ data: { previous: null, next: null } }),
      ),
      http.get(`/api/entity/${ENTITY}/inbox/:id/annotations`, () =>
        HttpResponse.json({ data: { fields: [], values: [] } }),
      ),
      http.get(`/api/entity/${ENTITY}/inbox/:id/:tab`, () =>
        HttpResponse.json({ data: [], hasNext: false }),
      ),
      // The last tab, opinions (issue #41), offers the entities to ask.
      http.get(`/api/entity/${ENTITY}/forward-targets`, () =>
        HttpResponse.json({ data: { entities: [], datasets: [] } }),
      ),
    );
    const { user } = renderApp(
      `/dashboard/entities/show/${ENTITY}/inbox/show/declaration/${caseId(3)}`,
      { user: CLERK, config: CONFIG },
    );
    const details = await screen.findByRole('tab', { name: /^Στοιχεία/ });
    expect(details.getAttribute('aria-selected')).toBe('true');
    expect(
      screen.getAllByRole('tab').filter((tab) => tab.getAttribute('tabindex') === '0'),
    ).toEqual([details]);
    details.focus();
    await user.keyboard('{ArrowRight}');
    const notes = screen.getByRole('tab', { name: /^Σημειώσεις/ });
    expect(notes.getAttribute('aria-selected')).toBe('true');
    expect(document.activeElement).toBe(notes);
    await user.keyboard('{End}');
    expect(document.activeElement).toBe(screen.getByRole('tab', { name: /^Γνωμοδοτήσεις/ }));
    await user.keyboard('{ArrowRight}');
    expect(document.activeElement).toBe(details);
  });

  it('shares the document after checking the tax number, and dismisses a closed case', async () => {
    const posted: unknown[] = [];
    const closed = {
      ...caseDetail(4),
      inbox_status: 'finished',
      dismissed: false,
      document: { id: 'd4', state: 'issued', issued_at: null, statements: [], attachments: [] },
    } as unknown as CaseDetail;
    server.use(
      http.get(`/api/entity/${ENTITY}/inbox/:id`, () => HttpResponse.json({ data: closed })),
      http.get(`/api/entity/${ENTITY}/inbox/:id/neighbours`, () =>
        HttpResponse.json({ data: { previous: null, next: null } }),
      ),
      http.post(`/api/entity/${ENTITY}/inbox/:id/action`, async ({ request }) => {
        posted.push(await request.json());
        return HttpResponse.json({ data: closed });
      }),
    );
    const { user } = renderApp(
      `/dashboard/entities/show/${ENTITY}/inbox/show/declaration/${caseId(4)}`,
      { user: CLERK, config: CONFIG },
    );
    await user.click(await screen.findByRole('button', { name: 'Κοινοποίηση' }));
    const dialog = await screen.findByRole('dialog', { name: 'Κοινοποίηση' });
    await user.type(within(dialog).getByLabelText('Όνομα'), 'Γιώργος');
    await user.type(within(dialog).getByLabelText('Επώνυμο'), 'Βλάχος');
    const afm = within(dialog).getByLabelText('ΑΦΜ');
    await user.type(afm, '123456789');
    await user.click(within(dialog).getByRole('button', { name: 'Κοινοποίηση' }));
    expect(await within(dialog).findByText('Ο ΑΦΜ δεν είναι έγκυρος')).toBeTruthy();
    expect(afm.getAttribute('aria-invalid')).toBe('true');
    expect(document.activeElement).toBe(afm);
    expect(posted).toEqual([]);
    await user.clear(afm);
    await user.type(afm, '100000027');
    await user.click(within(dialog).getByRole('button', { name: 'Κοινοποίηση' }));
    await waitFor(() => expect(posted).toHaveLength(1));
    expect(posted[0]).toEqual({
      action: 'share',
      arguments: {
        targets: [{ type: 'person', firstname: 'Γιώργος', surname: 'Βλάχος', afm: '100000027' }],
      },
    });
    expect(await screen.findByText('Το έγγραφο κοινοποιήθηκε.')).toBeTruthy();

    await user.click(screen.getByRole('button', { name: 'Απομάκρυνση από τις λίστες' }));
    const confirm = await screen.findByRole('dialog', { name: 'Απομάκρυνση από τις λίστες' });
    await user.click(within(confirm).getByRole('button', { name: 'Επιβεβαίωση' }));
    await waitFor(() => expect(posted).toHaveLength(2));
    expect(posted[1]).toEqual({ action: 'dismiss' });
  });

  it('offers neither share nor dismiss on an open case without a document, and says when it was dismissed', async () => {
    server.use(
      http.get(`/api/entity/${ENTITY}/inbox/:id`, () =>
        HttpResponse.json({ data: { ...caseDetail(2), dismissed: true } }),
      ),
      http.get(`/api/entity/${ENTITY}/inbox/:id/neighbours`, () =>
        HttpResponse.json({ data: { previous: null, next: null } }),
      ),
    );
    renderApp(`/dashboard/entities/show/${ENTITY}/inbox/show/declaration/${caseId(2)}`, {
      user: CLERK,
      config: CONFIG,
    });
    await screen.findByRole('button', { name: 'Ανάθεση' });
    expect(screen.queryByRole('button', { name: 'Κοινοποίηση' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Απομάκρυνση από τις λίστες' })).toBeNull();
    expect(screen.getByText(/Η υπόθεση έχει απομακρυνθεί από τις λίστες/)).toBeTruthy();
  });
});

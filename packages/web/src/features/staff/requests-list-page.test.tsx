import { screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderApp } from '../../testing/render-app';
import { server } from '../../testing/setup';
import { CONFIG, HEAD, page, permission } from './testing/staff-fixtures';

/**
 * My permission requests against a mocked API (the rules themselves are tested through
 * the real app in packages/server/test/api/staff.test.ts).
 */
afterEach(() => vi.restoreAllMocks());

describe('my permission requests', () => {
  it('lists the requests with the spec labels and pages them by 10, 30, 60 or 100', async () => {
    const limits: string[] = [];
    server.use(
      http.get('/api/my-permission-requests', ({ request }) => {
        limits.push(new URL(request.url).searchParams.get('limit') ?? '');
        return HttpResponse.json(
          page(
            [
              permission(1),
              permission(2, { state: 'active', response: 'accept' }),
              permission(3, { state: 'rejected', response: 'reject' }),
              permission(4, { state: 'deactivated', response: null }),
            ],
            45,
          ),
        );
      }),
    );
    const { user } = renderApp('/dashboard/entities/requests/list', { user: HEAD, config: CONFIG });
    const table = await screen.findByRole('table');
    const states = within(table)
      .getAllByRole('row')
      .slice(1)
      .map((row) => row.children[3]?.textContent);
    expect(states).toEqual(['Σε αναμονή', 'Αποδεκτό', 'Απορριφθέν', 'Άγνωστο']);
    const pages = screen.getByRole('navigation', { name: 'Σελίδες' });
    expect(
      within(pages)
        .getAllByRole('link')
        .map((l) => l.textContent),
    ).toEqual(['1', '2', '3', '4', '5']);
    await user.selectOptions(screen.getByLabelText('Εγγραφές ανά σελίδα'), '30');
    await waitFor(() => expect(limits.at(-1)).toBe('30'));
  });

  it('withdraws a waiting request after asking, and offers it only for waiting ones', async () => {
    const withdrawn: string[] = [];
    server.use(
      http.get('/api/my-permission-requests', () =>
        HttpResponse.json(
          page([permission(1), permission(2, { state: 'active', response: 'accept' })], 2),
        ),
      ),
      http.post('/api/my-permission-requests/:id/withdraw', ({ params }) => {
        withdrawn.push(String(params.id));
        return HttpResponse.json({ data: permission(1, { state: 'withdrawn' }) });
      }),
    );
    const { user } = renderApp('/dashboard/entities/requests/list', { user: HEAD, config: CONFIG });
    const table = await screen.findByRole('table');
    const buttons = within(table).getAllByRole('button', { name: /^Ανάκληση:/ });
    expect(buttons).toHaveLength(1);
    await user.click(buttons[0] as HTMLElement);
    const dialog = screen.getByRole('dialog', { name: 'Ανάκληση αιτήματος' });
    expect(within(dialog).getByText(/Να ανακληθεί το αίτημα πρόσβασης στον φορέα/)).toBeTruthy();
    await user.click(within(dialog).getByRole('button', { name: 'Ανάκληση' }));
    await waitFor(() => expect(withdrawn).toEqual([permission(1).id]));
    expect(await screen.findByText('Το αίτημα ανακλήθηκε.')).toBeTruthy();
  });

  it('suggests entities matching what is typed', async () => {
    const asked: string[] = [];
    server.use(
      http.get('/api/my-permission-requests', () => HttpResponse.json(page([]))),
      http.get('/api/entity-directory', ({ request }) => {
        asked.push(new URL(request.url).searchParams.get('q') ?? '');
        return HttpResponse.json({
          data: [
            {
              codename: 'DIMOS_ATHINAION',
              display_name: { el: 'Δήμος Αθηναίων', en: 'Municipality of Athens', fr: 'Athènes' },
            },
          ],
        });
      }),
    );
    const { user } = renderApp('/dashboard/entities/requests/list', { user: HEAD, config: CONFIG });
    await user.click(await screen.findByRole('button', { name: 'Νέο αίτημα' }));
    const input = within(screen.getByRole('dialog')).getByLabelText('Όνομα φορέα');
    await user.type(input, 'αθην');
    await waitFor(() => expect(asked.at(-1)).toBe('ΑΘΗΝ'));
    const list = document.getElementById(input.getAttribute('list') ?? '');
    await waitFor(() =>
      expect([...(list?.querySelectorAll('option') ?? [])].map((o) => o.value)).toEqual([
        'ΔΗΜΟΣ ΑΘΗΝΑΙΩΝ',
      ]),
    );
  });

  it('asks for a role: the name upper-cased, clerk by default; each refusal its own message', async () => {
    const bodies: unknown[] = [];
    server.use(
      http.get('/api/my-permission-requests', () => HttpResponse.json(page([]))),
      http.get('/api/entity-directory', () => HttpResponse.json({ data: [] })),
      http.post('/api/my-permission-requests', async ({ request }) => {
        bodies.push(await request.json());
        return bodies.length === 1
          ? HttpResponse.json({ error: { code: 'request_exists', message: 'x' } }, { status: 409 })
          : HttpResponse.json({ data: permission(9) }, { status: 201 });
      }),
    );
    const { user } = renderApp('/dashboard/entities/requests/list', { user: HEAD, config: CONFIG });
    await user.click(await screen.findByRole('button', { name: 'Νέο αίτημα' }));
    const dialog = screen.getByRole('dialog');
    await user.click(within(dialog).getByRole('button', { name: 'Υποβολή αιτήματος' }));
    const summary = within(dialog).getByRole('alert');
    expect(document.activeElement).toBe(summary);
    const input = within(dialog).getByLabelText('Όνομα φορέα');
    expect(input.getAttribute('aria-invalid')).toBe('true');
    expect(input.getAttribute('aria-describedby')).toContain('request-entity-error');
    await user.type(input, 'dimos_athinaion');
    expect((input as HTMLInputElement).value).toBe('DIMOS_ATHINAION');
    expect((within(dialog).getByLabelText('Χειριστής') as HTMLInputElement).checked).toBe(true);
    await user.click(within(dialog).getByRole('button', { name: 'Υποβολή αιτήματος' }));
    expect(
      await screen.findByText('Υπάρχει ήδη αίτημα σε αναμονή για αυτόν τον φορέα και ρόλο.'),
    ).toBeTruthy();
    await user.click(within(dialog).getByLabelText('Διαχειριστής'));
    await user.click(within(dialog).getByRole('button', { name: 'Υποβολή αιτήματος' }));
    expect(await screen.findByText('Το αίτημά σας υποβλήθηκε.')).toBeTruthy();
    expect(bodies).toEqual([
      { entity_name: 'DIMOS_ATHINAION', role: 'clerk' },
      { entity_name: 'DIMOS_ATHINAION', role: 'head' },
    ]);
  });
});

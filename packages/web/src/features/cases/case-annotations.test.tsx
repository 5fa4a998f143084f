import type { AnnotationField, CaseAnnotations } from '@dilosi/domain';
import { screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { renderApp } from '../../testing/render-app';
import { server } from '../../testing/setup';
import {
  caseDetail,
  caseId,
  CLERK,
  CONFIG,
  ENTITY,
  listUrl,
  mockInbox,
} from './testing/inbox-fixtures';

const PRIORITY: AnnotationField = {
  id: '0d0d0d0d-0000-4000-8000-000000000001',
  label: 'Προτεραιότητα',
  kind: 'choice',
  choices: ['Υψηλή', 'Χαμηλή'],
  template: null,
  created_at: '2026-11-20T10:00:00.000Z',
};
const CHECKED: AnnotationField = {
  ...PRIORITY,
  id: '0d0d0d0d-0000-4000-8000-000000000002',
  label: 'Ελέγχθηκε',
  kind: 'yes_no',
  choices: [],
};
const AMOUNT: AnnotationField = {
  ...PRIORITY,
  id: '0d0d0d0d-0000-4000-8000-000000000003',
  label: 'Ποσό',
  kind: 'number',
  choices: [],
};

const REPORT: AnnotationField = {
  ...PRIORITY,
  id: '0d0d0d0d-0000-4000-8000-000000000004',
  label: 'Γνωμάτευση',
  kind: 'attachment',
  choices: [],
};

/** Issue #41: typed annotations on the case page and as a filter of the list. */
describe('annotations of a case', () => {
  it('shows each field with its value and who set it, and saves one field at a time', async () => {
    const put: { field: string; body: unknown }[] = [];
    let answer: CaseAnnotations = {
      fields: [PRIORITY, AMOUNT],
      values: [
        {
          field_id: PRIORITY.id,
          file_size: null,
          value: 'Χαμηλή',
          updated_at: '2026-11-27T10:00:00.000Z',
          updated_by_display_name: 'Κ. Υπάλληλος',
        },
        {
          field_id: AMOUNT.id,
          value: null,
          file_size: null,
          updated_at: null,
          updated_by_display_name: null,
        },
      ],
    };
    server.use(
      http.get(`/api/entity/${ENTITY}/inbox/:id`, () => HttpResponse.json({ data: caseDetail(3) })),
      http.get(`/api/entity/${ENTITY}/inbox/:id/neighbours`, () =>
        HttpResponse.json({ data: { previous: null, next: null } }),
      ),
      http.get(`/api/entity/${ENTITY}/inbox/:id/annotations`, () =>
        HttpResponse.json({ data: answer }),
      ),
      http.put(
        `/api/entity/${ENTITY}/inbox/:id/annotations/:field`,
        async ({ params, request }) => {
          const body = (await request.json()) as { value: string | null };
          put.push({ field: String(params.field), body });
          if (params.field === AMOUNT.id) {
            return HttpResponse.json(
              {
                error: {
                  code: 'invalid_request',
                  message: 'invalid',
                  data: {
                    invalid_fields: [
                      { invalid_field: 'value', error_info: { code: 'annotation_value_invalid' } },
                    ],
                  },
                },
              },
              { status: 400 },
            );
          }
          answer = {
            ...answer,
            values: answer.values.map((v) =>
              v.field_id === params.field ? { ...v, value: body.value } : v,
            ),
          };
          return HttpResponse.json({ data: answer });
        },
      ),
    );
    const { user } = renderApp(
      `/dashboard/entities/show/${ENTITY}/inbox/show/declaration/${caseId(3)}`,
      { user: CLERK, config: CONFIG },
    );
    const panel = await screen.findByRole('region', { name: 'Εσωτερικές επισημάνσεις' });
    const priority = within(panel).getByLabelText('Προτεραιότητα') as HTMLSelectElement;
    expect(priority.value).toBe('Χαμηλή');
    expect(within(panel).getByText(/Τελευταία αλλαγή: Κ\. Υπάλληλος, 27\/11\/2026/)).toBeTruthy();
    const save = within(panel).getByRole('button', { name: 'Αποθήκευση: Προτεραιότητα' });
    // Nothing changed yet: nothing to save.
    expect((save as HTMLButtonElement).disabled).toBe(true);
    await user.selectOptions(priority, 'Υψηλή');
    await user.click(save);
    await waitFor(() => expect(put).toHaveLength(1));
    expect(put[0]).toEqual({ field: PRIORITY.id, body: { value: 'Υψηλή' } });
    expect(await screen.findByText('Αποθηκεύτηκε: Προτεραιότητα.')).toBeTruthy();

    await user.type(within(panel).getByLabelText('Ποσό'), 'δώδεκα');
    await user.click(within(panel).getByRole('button', { name: 'Αποθήκευση: Ποσό' }));
    expect(
      await within(panel).findByText('Η τιμή δεν ταιριάζει με το είδος του πεδίου.'),
    ).toBeTruthy();
    expect(put[1]).toEqual({ field: AMOUNT.id, body: { value: 'δώδεκα' } });
  });

  it('uploads, downloads and removes the PDF of an attachment field', async () => {
    const uploads: FormData[] = [];
    const cleared: unknown[] = [];
    const empty = {
      field_id: REPORT.id,
      value: null,
      file_size: null,
      updated_at: null,
      updated_by_display_name: null,
    };
    let answer: CaseAnnotations = { fields: [REPORT], values: [empty] };
    server.use(
      http.get(`/api/entity/${ENTITY}/inbox/:id`, () => HttpResponse.json({ data: caseDetail(3) })),
      http.get(`/api/entity/${ENTITY}/inbox/:id/neighbours`, () =>
        HttpResponse.json({ data: { previous: null, next: null } }),
      ),
      http.get(`/api/entity/${ENTITY}/inbox/:id/annotations`, () =>
        HttpResponse.json({ data: answer }),
      ),
      http.put(`/api/entity/${ENTITY}/inbox/:id/annotations/:field/file`, async ({ request }) => {
        uploads.push(await request.formData());
        answer = {
          ...answer,
          values: [
            {
              ...empty,
              value: 'gnomi.pdf',
              file_size: 4,
              updated_at: '2026-11-28T10:00:00.000Z',
              updated_by_display_name: 'Κ. Υπάλληλος',
            },
          ],
        };
        return HttpResponse.json({ data: answer });
      }),
      http.post(`/api/entity/${ENTITY}/inbox/:id/annotations/:field/file/token`, () =>
        // jsdom does not navigate: an address it can follow without a request.
        HttpResponse.json({ download_url: '#annotation-file' }),
      ),
      http.put(`/api/entity/${ENTITY}/inbox/:id/annotations/:field`, async ({ request }) => {
        cleared.push(await request.json());
        answer = { ...answer, values: [empty] };
        return HttpResponse.json({ data: answer });
      }),
    );
    const { user } = renderApp(
      `/dashboard/entities/show/${ENTITY}/inbox/show/declaration/${caseId(3)}`,
      { user: CLERK, config: CONFIG },
    );
    const panel = await screen.findByRole('region', { name: 'Εσωτερικές επισημάνσεις' });
    expect(within(panel).getByText('Χωρίς συνημμένο')).toBeTruthy();
    const pdf = new File(['%PDF'], 'gnomi.pdf', { type: 'application/pdf' });
    await user.upload(within(panel).getByLabelText('Ανέβασμα PDF: Γνωμάτευση'), pdf);
    await waitFor(() => expect(uploads).toHaveLength(1));
    expect(uploads[0]?.get('json')).toBe('{}');
    expect((uploads[0]?.get('file__attachment') as Blob).size).toBe(4);
    expect(await screen.findByText('Το συνημμένο «Γνωμάτευση» αποθηκεύτηκε.')).toBeTruthy();

    await user.click(await within(panel).findByRole('button', { name: 'Λήψη: gnomi.pdf' }));
    await waitFor(() => expect(window.location.hash).toBe('#annotation-file'));

    await user.click(
      within(panel).getByRole('button', { name: 'Αφαίρεση του συνημμένου: Γνωμάτευση' }),
    );
    await waitFor(() => expect(cleared).toEqual([{ value: null }]));
    expect(await within(panel).findByText('Χωρίς συνημμένο')).toBeTruthy();
  });

  it('shows no panel when the entity has no field for the case', async () => {
    server.use(
      http.get(`/api/entity/${ENTITY}/inbox/:id`, () => HttpResponse.json({ data: caseDetail(4) })),
      http.get(`/api/entity/${ENTITY}/inbox/:id/neighbours`, () =>
        HttpResponse.json({ data: { previous: null, next: null } }),
      ),
    );
    renderApp(`/dashboard/entities/show/${ENTITY}/inbox/show/declaration/${caseId(4)}`, {
      user: CLERK,
      config: CONFIG,
    });
    expect(await screen.findByRole('heading', { level: 1 })).toBeTruthy();
    expect(screen.queryByRole('region', { name: 'Εσωτερικές επισημάνσεις' })).toBeNull();
  });

  it('filters the list by a field and a value, kept in the address', async () => {
    const asked: URLSearchParams[] = [];
    mockInbox(12);
    server.use(
      http.get(`/api/entity/${ENTITY}/annotation-fields`, () =>
        HttpResponse.json({ data: [PRIORITY, CHECKED] }),
      ),
      http.get(`/api/entity/${ENTITY}/inbox`, ({ request }) => {
        asked.push(new URL(request.url).searchParams);
        return HttpResponse.json({
          data: [],
          total: 0,
          hasNext: false,
          meta: {
            counts: { all: 0, me: 0, pending: 0, incoming: 0, finished: 0, canceled: 0 },
          },
        });
      }),
    );
    const { user } = renderApp(listUrl('all'), { user: CLERK, config: CONFIG });
    // The search panel opens from its summary; its submit button has the same name.
    const summary = await screen.findByText('Αναζήτηση', { selector: 'summary span' });
    await user.click(summary);
    await user.selectOptions(await screen.findByLabelText('Επισήμανση'), CHECKED.id);
    await user.selectOptions(screen.getByLabelText('Τιμή επισήμανσης'), 'no');
    await user.click(screen.getByRole('button', { name: 'Αναζήτηση' }));
    await waitFor(() => expect(asked.at(-1)?.get('annotation')).toBe(`${CHECKED.id}:no`));
  });

  it('chooses the columns of the list: an annotation shown, the template hidden, kept in the URL', async () => {
    mockInbox(3);
    server.use(
      http.get(`/api/entity/${ENTITY}/annotation-fields`, () =>
        HttpResponse.json({ data: [PRIORITY, CHECKED] }),
      ),
    );
    const { user } = renderApp(listUrl('all'), { user: CLERK, config: CONFIG });
    const table = await screen.findByRole('table');
    const headers = () =>
      within(table)
        .getAllByRole('columnheader')
        .map((cell) => cell.textContent);
    expect(headers()).toEqual([
      'Ημερομηνία',
      'Υπόθεση',
      'Κατάσταση',
      'Έγγραφο',
      'Ονοματεπώνυμο',
      'Χειριστής',
    ]);
    await user.click(screen.getByText('Στήλες', { selector: 'summary span' }));
    await user.click(screen.getByRole('checkbox', { name: 'Έγγραφο' }));
    await user.click(screen.getByRole('checkbox', { name: 'Ελέγχθηκε' }));
    await user.click(screen.getByRole('button', { name: 'Εφαρμογή' }));
    await waitFor(() =>
      expect(headers()).toEqual([
        'Ημερομηνία',
        'Υπόθεση',
        'Κατάσταση',
        'Ονοματεπώνυμο',
        'Χειριστής',
        'Ελέγχθηκε',
      ]),
    );
    expect(window.location.search).toContain(
      `columns=status%2Cname%2Cassignee%2Cannotation%3A${CHECKED.id}`,
    );
    // The fixture's cases carry no annotation: a dash.
    const firstRow = within(table).getAllByRole('row')[1]!;
    expect(within(firstRow).getAllByRole('cell').at(-1)?.textContent).toBe('—');
  });
});

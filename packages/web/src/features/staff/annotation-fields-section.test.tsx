import type { AnnotationField } from '@dilosi/domain';
import { screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { renderApp } from '../../testing/render-app';
import { server } from '../../testing/setup';
import { base, CONFIG, ENTITY, entity, HEAD } from './testing/staff-fixtures';

/** Issue #41: the head defines the entity's annotation fields on the settings page. */
describe("the entity's annotation fields", () => {
  it('lists them, adds a choice field with its choices, refuses a twin and deletes one', async () => {
    let fields: AnnotationField[] = [
      {
        id: 'f1',
        label: 'Ελέγχθηκε',
        kind: 'yes_no',
        choices: [],
        template: null,
        created_at: '2026-11-20T10:00:00.000Z',
      },
    ];
    const posted: unknown[] = [];
    const deleted: string[] = [];
    server.use(
      http.get(`/api/entities/${ENTITY}`, () => HttpResponse.json({ data: entity })),
      http.get(`/api/entities/${ENTITY}/audit`, () =>
        HttpResponse.json({ data: [], meta: { count: 0, limit: 10, offset: 0, total_pages: 0 } }),
      ),
      http.get(`/api/entity/${ENTITY}/annotation-fields`, () =>
        HttpResponse.json({ data: fields }),
      ),
      http.post(`/api/entity/${ENTITY}/annotation-fields`, async ({ request }) => {
        const body = (await request.json()) as { label: string; kind: 'choice'; choices: string[] };
        posted.push(body);
        if (fields.some((field) => field.label === body.label)) {
          return HttpResponse.json(
            { error: { code: 'annotation_field_exists', message: 'exists' } },
            { status: 409 },
          );
        }
        const field: AnnotationField = {
          id: `f${fields.length + 1}`,
          label: body.label,
          kind: body.kind,
          choices: body.choices.filter((c) => c.trim()),
          template: null,
          created_at: '2026-11-28T10:00:00.000Z',
        };
        fields = [...fields, field];
        return HttpResponse.json({ data: field }, { status: 201 });
      }),
      http.delete(`/api/entity/${ENTITY}/annotation-fields/:id`, ({ params }) => {
        deleted.push(String(params.id));
        fields = fields.filter((field) => field.id !== params.id);
        return new HttpResponse(null, { status: 204 });
      }),
    );
    const { user } = renderApp(`${base}/settings`, { user: HEAD, config: CONFIG });
    const section = await screen.findByRole('region', { name: 'Πεδία επισημάνσεων' });
    expect(await within(section).findByText('Ελέγχθηκε')).toBeTruthy();

    await user.click(within(section).getByRole('button', { name: 'Προσθήκη πεδίου' }));
    expect(await within(section).findByText('Δώστε όνομα στο πεδίο.')).toBeTruthy();
    expect(posted).toEqual([]);

    await user.type(within(section).getByLabelText('Όνομα πεδίου'), 'Προτεραιότητα');
    await user.selectOptions(within(section).getByLabelText('Είδος'), 'choice');
    await user.type(within(section).getByLabelText('Επιλογές'), 'Υψηλή{Enter}Χαμηλή');
    await user.click(within(section).getByRole('button', { name: 'Προσθήκη πεδίου' }));
    await waitFor(() => expect(posted).toHaveLength(1));
    expect(posted[0]).toEqual({
      label: 'Προτεραιότητα',
      kind: 'choice',
      choices: ['Υψηλή', 'Χαμηλή'],
      template: null,
    });
    expect(await within(section).findByText(/\(Υψηλή, Χαμηλή\)/)).toBeTruthy();

    await user.type(within(section).getByLabelText('Όνομα πεδίου'), 'Ελέγχθηκε');
    await user.selectOptions(within(section).getByLabelText('Είδος'), 'yes_no');
    await user.click(within(section).getByRole('button', { name: 'Προσθήκη πεδίου' }));
    expect(
      await within(section).findByText('Υπάρχει ήδη πεδίο επισήμανσης με αυτό το όνομα.'),
    ).toBeTruthy();

    await user.click(
      within(section).getByRole('button', { name: 'Διαγραφή του πεδίου Ελέγχθηκε' }),
    );
    await waitFor(() => expect(deleted).toEqual(['f1']));
    await waitFor(() =>
      expect(
        within(section).queryByRole('button', { name: 'Διαγραφή του πεδίου Ελέγχθηκε' }),
      ).toBeNull(),
    );
  });
});

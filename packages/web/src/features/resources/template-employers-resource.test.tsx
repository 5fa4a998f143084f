import type { ResourceInfo, ResourceRow } from '@dilosi/domain';
import { screen, waitFor, within } from '@testing-library/react';
import i18n from 'i18next';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { renderApp } from '../../testing/render-app';
import { server } from '../../testing/setup';
import { DASHBOARD_CONFIG, HEAD, headEntity } from './testing/restricted-template-fixtures';

const ENTITY = '0b0b0b0b-0000-4000-8000-000000000002';
const entity = headEntity(ENTITY);
const GATE = `/api/gates/${entity.codename}/gate/resources`;

// As the server describes it (template-employers-resource.ts).
const info: ResourceInfo = {
  name: 'template-employers',
  title: 'resources.template-employers.title',
  fields: [
    {
      name: 'template',
      label: 'resources.template-employers.template',
      type: 'text',
      filterable: true,
      value_titles: {
        'employee-transit-pass-application': {
          el: 'Αίτηση εργαζομένου για επιδοτούμενη κάρτα μετακίνησης',
          en: 'Employee’s application for a subsidised transit pass',
          fr: 'Demande d’un salarié pour une carte de transport subventionnée',
        },
      },
    },
    { name: 'afm', label: 'resources.template-employers.afm', type: 'text', filterable: true },
    {
      name: 'employer_name',
      label: 'resources.template-employers.employer_name',
      type: 'text',
      filterable: false,
    },
    {
      name: 'created_at',
      label: 'resources.template-employers.added',
      type: 'datetime',
      filterable: false,
    },
  ],
  row_actions: [{ name: 'remove', label: 'resources.actions.delete', arguments: [] }],
  resource_actions: [
    {
      name: 'add',
      label: 'resources.actions.addEmployer',
      arguments: ['template', 'afm', 'employer_name'],
      choices: { template: ['employee-transit-pass-application'] },
    },
  ],
};

function mock() {
  const rows: ResourceRow[] = [
    {
      id: 'employee-transit-pass-application:090025537',
      template: 'employee-transit-pass-application',
      afm: '090025537',
      employer_name: 'ΔΗΜΟΣ ΑΘΗΝΑΙΩΝ',
      created_at: '2026-11-29T08:00:00Z',
    },
  ];
  const sent: unknown[] = [];
  server.use(
    http.get(`/api/entities/${ENTITY}`, () => HttpResponse.json({ data: entity })),
    http.get(`${GATE}/template-employers/info`, () => HttpResponse.json({ data: info })),
    http.post(`${GATE}/template-employers/action`, async ({ request }) => {
      const body = (await request.json()) as {
        action: string;
        arguments?: Record<string, string>;
        object_id?: string;
      };
      sent.push(body);
      if (body.action === 'add') {
        const row = {
          id: `${body.arguments?.template}:${body.arguments?.afm}`,
          template: String(body.arguments?.template),
          afm: String(body.arguments?.afm),
          employer_name: String(body.arguments?.employer_name),
          created_at: '2026-11-29T09:00:00Z',
        };
        rows.push(row);
        return HttpResponse.json({ data: [row] });
      }
      if (body.action === 'remove') {
        rows.splice(
          rows.findIndex((row) => row.id === body.object_id),
          1,
        );
        return HttpResponse.json({ data: [] });
      }
      return HttpResponse.json({ data: rows, meta: { count: rows.length, limit: 20, offset: 0 } });
    }),
  );
  return sent;
}

/** Issue #37: a head keeps the permitted employers of the entity's restricted templates. */
describe('the permitted employers of templates', () => {
  it('lists, adds and removes an employer (tax number and name)', async () => {
    const sent = mock();
    const { user } = renderApp(`/dashboard/entities/show/${ENTITY}/resource/template-employers`, {
      user: HEAD,
      config: DASHBOARD_CONFIG,
    });
    const nav = await screen.findByRole('navigation', { name: 'Πόροι του φορέα' });
    expect(
      within(nav).getByRole('link', { name: 'Επιτρεπόμενοι εργοδότες προτύπων' }),
    ).toBeTruthy();
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Επιτρεπόμενοι εργοδότες προτύπων' }),
    ).toBeTruthy();
    expect(await screen.findByRole('cell', { name: 'ΔΗΜΟΣ ΑΘΗΝΑΙΩΝ' })).toBeTruthy();
    // The template by its title, not its refname.
    expect(
      screen.getByRole('cell', { name: 'Αίτηση εργαζομένου για επιδοτούμενη κάρτα μετακίνησης' }),
    ).toBeTruthy();
    expect(screen.queryByRole('cell', { name: 'employee-transit-pass-application' })).toBeNull();
    expect(screen.getByRole('columnheader', { name: 'ΑΦΜ εργοδότη' })).toBeTruthy();
    expect(screen.getByRole('columnheader', { name: 'Επωνυμία' })).toBeTruthy();

    await user.click(screen.getByRole('button', { name: 'Νέος επιτρεπόμενος εργοδότης' }));
    const form = screen.getByRole('form', { name: 'Νέος επιτρεπόμενος εργοδότης' });
    expect(
      within(within(form).getByLabelText('Πρότυπο')).getByRole('option', {
        name: 'Αίτηση εργαζομένου για επιδοτούμενη κάρτα μετακίνησης',
      }),
    ).toBeTruthy();
    await user.type(within(form).getByLabelText('ΑΦΜ'), '998877666');
    await user.type(
      within(form).getByLabelText('Επωνυμία εργοδότη'),
      'ΚΟΙΝΩΦΕΛΗΣ ΕΠΙΧΕΙΡΗΣΗ ΔΗΜΟΥ ΑΘΗΝΑΙΩΝ',
    );
    await user.click(within(form).getByRole('button', { name: 'Αποθήκευση' }));
    expect(
      await screen.findByRole('cell', { name: 'ΚΟΙΝΩΦΕΛΗΣ ΕΠΙΧΕΙΡΗΣΗ ΔΗΜΟΥ ΑΘΗΝΑΙΩΝ' }),
    ).toBeTruthy();
    expect(sent).toContainEqual({
      action: 'add',
      arguments: {
        template: 'employee-transit-pass-application',
        afm: '998877666',
        employer_name: 'ΚΟΙΝΩΦΕΛΗΣ ΕΠΙΧΕΙΡΗΣΗ ΔΗΜΟΥ ΑΘΗΝΑΙΩΝ',
      },
    });

    await user.click(screen.getByRole('button', { name: 'Ενέργειες για τη γραμμή 1' }));
    await user.click(screen.getByRole('button', { name: 'Διαγραφή' }));
    await waitFor(() => expect(screen.queryByRole('cell', { name: 'ΔΗΜΟΣ ΑΘΗΝΑΙΩΝ' })).toBeNull());
    expect(sent).toContainEqual({
      action: 'remove',
      arguments: {},
      object_id: 'employee-transit-pass-application:090025537',
    });
  });

  it('speaks English and French', async () => {
    mock();
    renderApp(`/dashboard/entities/show/${ENTITY}/resource/template-employers`, {
      user: HEAD,
      config: DASHBOARD_CONFIG,
    });
    await screen.findByRole('cell', { name: 'ΔΗΜΟΣ ΑΘΗΝΑΙΩΝ' });
    try {
      await i18n.changeLanguage('en');
      expect(await screen.findByRole('button', { name: 'New permitted employer' })).toBeTruthy();
      expect(screen.getByRole('columnheader', { name: 'Employer’s tax number' })).toBeTruthy();
      expect(
        screen.getByRole('cell', { name: 'Employee’s application for a subsidised transit pass' }),
      ).toBeTruthy();
      await i18n.changeLanguage('fr');
      expect(await screen.findByRole('button', { name: 'Nouvel employeur autorisé' })).toBeTruthy();
      expect(
        screen.getByRole('heading', { level: 1, name: 'Employeurs autorisés des modèles' }),
      ).toBeTruthy();
      expect(
        screen.getByRole('cell', {
          name: 'Demande d’un salarié pour une carte de transport subventionnée',
        }),
      ).toBeTruthy();
    } finally {
      await i18n.changeLanguage('el');
    }
  });
});

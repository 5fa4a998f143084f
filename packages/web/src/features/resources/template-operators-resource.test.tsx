import type { ResourceInfo } from '@dilosi/domain';
import { screen, within } from '@testing-library/react';
import i18n from 'i18next';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { renderApp } from '../../testing/render-app';
import { server } from '../../testing/setup';
import { DASHBOARD_CONFIG, HEAD, headEntity } from './testing/restricted-template-fixtures';

const ENTITY = '0b0b0b0b-0000-4000-8000-000000000001';
const entity = headEntity(ENTITY);
const GATE = `/api/gates/${entity.codename}/gate/resources`;

// As the server describes it (template-operators-resource.ts).
const info: ResourceInfo = {
  name: 'template-operators',
  title: 'resources.template-operators.title',
  fields: [
    {
      name: 'template',
      label: 'resources.template-operators.template',
      type: 'text',
      filterable: true,
      value_titles: {
        'operator-declaration': {
          el: 'Δήλωση ορισμένου χειριστή',
          en: 'Named operator declaration',
          fr: 'Déclaration d’opérateur désigné',
        },
      },
    },
    { name: 'afm', label: 'resources.template-operators.afm', type: 'text', filterable: true },
    {
      name: 'created_at',
      label: 'resources.template-operators.added',
      type: 'datetime',
      filterable: false,
    },
  ],
  row_actions: [{ name: 'remove', label: 'resources.actions.delete', arguments: [] }],
  resource_actions: [
    {
      name: 'add',
      label: 'resources.actions.addOperator',
      arguments: ['template', 'afm'],
      choices: { template: ['operator-declaration'] },
    },
  ],
};

function mock() {
  server.use(
    http.get(`/api/entities/${ENTITY}`, () => HttpResponse.json({ data: entity })),
    http.get(`${GATE}/template-operators/info`, () => HttpResponse.json({ data: info })),
    http.post(`${GATE}/template-operators/action`, () =>
      HttpResponse.json({
        data: [
          {
            id: 'operator-declaration:100000027',
            template: 'operator-declaration',
            afm: '100000027',
            created_at: '2026-11-29T08:00:00Z',
          },
          // A template the catalogue no longer restricts: shown by its refname.
          {
            id: 'retired-declaration:100000035',
            template: 'retired-declaration',
            afm: '100000035',
            created_at: '2026-11-29T08:00:00Z',
          },
        ],
        meta: { count: 2, limit: 20, offset: 0 },
      }),
    ),
  );
}

/** Issue #37: a head keeps the named operators of the entity's restricted templates. */
describe('the named operators of templates', () => {
  it('is a resource of the entity, with its columns and its add action, in el, en and fr', async () => {
    mock();
    renderApp(`/dashboard/entities/show/${ENTITY}/resource/template-operators`, {
      user: HEAD,
      config: DASHBOARD_CONFIG,
    });
    const nav = await screen.findByRole('navigation', { name: 'Πόροι του φορέα' });
    expect(within(nav).getByRole('link', { name: 'Ορισμένοι χειριστές προτύπων' })).toBeTruthy();
    await screen.findByText('100000027');
    expect(screen.getByRole('columnheader', { name: 'ΑΦΜ' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Νέος ορισμένος χειριστής' })).toBeTruthy();
    try {
      await i18n.changeLanguage('en');
      expect(await screen.findByRole('button', { name: 'New named operator' })).toBeTruthy();
      expect(screen.getByRole('columnheader', { name: 'Tax number' })).toBeTruthy();
      await i18n.changeLanguage('fr');
      expect(await screen.findByRole('button', { name: 'Nouvel opérateur désigné' })).toBeTruthy();
    } finally {
      await i18n.changeLanguage('el');
    }
  });

  it('names each template by its title in the reader’s language, by its refname when unknown', async () => {
    mock();
    const { user } = renderApp(`/dashboard/entities/show/${ENTITY}/resource/template-operators`, {
      user: HEAD,
      config: DASHBOARD_CONFIG,
    });
    expect(await screen.findByRole('cell', { name: 'Δήλωση ορισμένου χειριστή' })).toBeTruthy();
    expect(screen.queryByRole('cell', { name: 'operator-declaration' })).toBeNull();
    expect(screen.getByRole('cell', { name: 'retired-declaration' })).toBeTruthy();
    // The filter offers the titles too.
    const filter = screen.getByRole('combobox', { name: 'Πρότυπο' });
    expect(
      within(filter)
        .getByRole('option', { name: 'Δήλωση ορισμένου χειριστή' })
        .getAttribute('value'),
    ).toBe('operator-declaration');
    try {
      await i18n.changeLanguage('en');
      expect(await screen.findByRole('cell', { name: 'Named operator declaration' })).toBeTruthy();
      await user.click(screen.getByRole('button', { name: 'New named operator' }));
      const form = screen.getByRole('form', { name: 'New named operator' });
      expect(
        within(within(form).getByRole('combobox')).getByRole('option', {
          name: 'Named operator declaration',
        }),
      ).toBeTruthy();
      await i18n.changeLanguage('fr');
      expect(
        await screen.findByRole('cell', { name: 'Déclaration d’opérateur désigné' }),
      ).toBeTruthy();
    } finally {
      await i18n.changeLanguage('el');
    }
  });
});

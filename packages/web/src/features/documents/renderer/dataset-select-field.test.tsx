import { screen, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import type { HierarchyDatasetAnswer } from '@dilosi/domain';
import { server } from '../../../testing/setup';
import { documentWithFields, makeField, text } from './testing/factories';
import { lastSubmission, pressContinue, renderStep } from './testing/render-step';

/** A small dataset as GET /api/datasets/{name} answers it, level by level. */
const LEVELS: Record<string, HierarchyDatasetAnswer['data']['elements']> = {
  '': [
    { value: 'GR-I', label: text('Αττική'), leaf: false },
    { value: 'GR-M', label: text('Κρήτη'), leaf: false },
  ],
  'GR-M': [
    { value: 'chania', label: text('Χανιά'), leaf: true },
    { value: 'irakleio', label: text('Ηράκλειο'), leaf: true },
  ],
  'GR-M/chania': [],
};

function useDataset(asked: string[]) {
  server.use(
    http.get('/api/datasets/:name', ({ request, params }) => {
      const path = new URL(request.url).searchParams.get('path') ?? '';
      asked.push(`${String(params.name)}:${path}`);
      const elements = LEVELS[path];
      if (!elements) {
        return HttpResponse.json(
          { error: { code: 'hierarchy_path_invalid', message: 'x' } },
          { status: 400 },
        );
      }
      return HttpResponse.json({
        meta: {
          dataset: 'greek-regions',
          title: text('Περιφέρειες'),
          labels: [text('Περιφέρεια'), text('Περιφερειακή ενότητα')],
          value_label: text('Περιφερειακή ενότητα'),
          source: 'x',
          licence: 'x',
          path: path ? path.split('/') : [],
        },
        data: { elements, values: [] },
      } satisfies HierarchyDatasetAnswer);
    }),
  );
}

const doc = () =>
  documentWithFields([
    makeField({
      key: 'unit',
      component: 'hierarchical_select',
      label: text('Περιφερειακή ενότητα κατοικίας'),
      'component-params': { dataset: 'greek-regions' },
    }),
  ]);

const options = (name: string) =>
  within(screen.getByRole('combobox', { name }))
    .getAllByRole('option')
    .map((option) => option.textContent);

describe('hierarchical_select over a dataset of the API', () => {
  it('reads the first level, then the next one under the choice, and sends the path', async () => {
    const asked: string[] = [];
    useDataset(asked);
    const { user, onSubmit } = renderStep(doc());
    const region = await screen.findByRole('combobox', { name: 'Περιφέρεια' });
    await expect.poll(() => options('Περιφέρεια')).toEqual(['Επιλέξτε', 'Αττική', 'Κρήτη']);
    expect(screen.queryByRole('combobox', { name: 'Περιφερειακή ενότητα' })).toBeNull();

    await user.selectOptions(region, 'Κρήτη');
    await expect
      .poll(() => screen.queryByRole('combobox', { name: 'Περιφερειακή ενότητα' }))
      .not.toBeNull();
    await expect
      .poll(() => options('Περιφερειακή ενότητα'))
      .toEqual(['Επιλέξτε', 'Χανιά', 'Ηράκλειο']);
    await user.selectOptions(
      screen.getByRole('combobox', { name: 'Περιφερειακή ενότητα' }),
      'Χανιά',
    );
    await pressContinue(user);
    expect(lastSubmission(onSubmit).statements).toEqual({ unit: ['GR-M', 'chania'] });
    // Each level once; under a leaf, the answer is empty and no third select shows.
    expect(asked).toEqual(['greek-regions:', 'greek-regions:GR-M', 'greek-regions:GR-M/chania']);
    expect(screen.getAllByRole('combobox')).toHaveLength(2);
  });

  it('says when the choices cannot be loaded, and tries again on request', async () => {
    let failures = 1;
    server.use(
      http.get('/api/datasets/:name', () => {
        if (failures-- > 0) return HttpResponse.json({}, { status: 503 });
        return HttpResponse.json({
          meta: {
            dataset: 'greek-regions',
            title: text('x'),
            labels: [text('Περιφέρεια')],
            value_label: text('x'),
            source: 'x',
            licence: 'x',
            path: [],
          },
          data: { elements: LEVELS[''], values: [] },
        });
      }),
    );
    const { user } = renderStep(doc());
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('Δεν φορτώθηκαν οι επιλογές');
    await user.click(within(alert).getByRole('button', { name: 'Δοκιμάστε ξανά' }));
    await expect.poll(() => options('Περιφέρεια')).toEqual(['Επιλέξτε', 'Αττική', 'Κρήτη']);
    expect(screen.queryByRole('alert')).toBeNull();
  });
});

import type { PublicTemplate } from '@dilosi/domain';
import { screen, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { renderApp } from '../../testing/render-app';
import { server } from '../../testing/setup';

const text = (el: string) => ({ el, en: el, fr: el });

const template: PublicTemplate = {
  refname: 'water-social-tariff-application',
  version: 1,
  code: 'AP1',
  type: 'application',
  shortname: text('Κοινωνικό τιμολόγιο ύδρευσης'),
  title: text('Αίτηση υπαγωγής στο κοινωνικό τιμολόγιο ύδρευσης'),
  description: text('Αίτηση προς τον δήμο.'),
  enabled: true,
  collectable: false,
  confirm_identity: false,
  anonymous: false,
  captcha_required: false,
  anonymous_confirmation: [],
  required_claims: [],
  login_endpoint: null,
  'intro-step': null,
  'steps-order': ['application', 'recipient', 'preview', 'confirm'],
  'wizard-steps': [text('Στοιχεία')],
  steps: [],
};

function answer(notices?: string[]) {
  server.use(
    http.get(`/api/templates/${template.refname}`, () =>
      HttpResponse.json({ data: notices ? { template, notices } : { template } }),
    ),
  );
}

/** The template page shows the offering entity's active notices (issue #39). */
describe('the template page', () => {
  it('shows the entity’s notices under their heading', async () => {
    answer(['Το δημαρχείο είναι κλειστό τη Δευτέρα.', 'Νέο ωράριο από 1/12.']);
    renderApp(`/templates/${template.refname}`);
    const heading = await screen.findByRole('heading', {
      level: 2,
      name: 'Ανακοινώσεις του φορέα',
    });
    const section = heading.closest('section') as HTMLElement;
    expect(section.getAttribute('aria-labelledby')).toBe(heading.id);
    expect(
      within(section)
        .getAllByText(/./, { selector: 'p' })
        .map((p) => p.textContent),
    ).toEqual(['Το δημαρχείο είναι κλειστό τη Δευτέρα.', 'Νέο ωράριο από 1/12.']);
  });

  it('shows no notices section when there are none (or an older answer has no notices)', async () => {
    answer();
    renderApp(`/templates/${template.refname}`);
    expect(
      await screen.findByRole('heading', {
        level: 1,
        name: /Αίτηση υπαγωγής στο κοινωνικό τιμολόγιο ύδρευσης/,
      }),
    ).toBeTruthy();
    expect(screen.queryByRole('heading', { name: 'Ανακοινώσεις του φορέα' })).toBeNull();
  });
});

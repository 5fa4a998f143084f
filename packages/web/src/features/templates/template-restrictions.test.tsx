import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import i18n from 'i18next';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import type { PublicTemplate } from '@dilosi/domain';
import { renderApp } from '../../testing/render-app';
import { server } from '../../testing/setup';

/**
 * Issue #37: a template restricted to certified translators, permitted employers or named
 * operators says why on the template page, before the wizard starts, in the interface language.
 */
function refuse(code: string) {
  server.use(
    http.get('/api/templates/translation-declaration', () =>
      HttpResponse.json({ error: { code, message: 'x' } }, { status: 403 }),
    ),
  );
}

describe('restricted templates', () => {
  it.each([
    [
      'not_certified_translator',
      'Το έγγραφο αυτό είναι διαθέσιμο μόνο για πιστοποιημένους μεταφραστές.',
    ],
    [
      'not_named_operator',
      'Το έγγραφο αυτό είναι διαθέσιμο μόνο για τους χειριστές που έχει ορίσει ο φορέας του.',
    ],
    ['no_work_orgs', 'Δεν βρέθηκε φορέας απασχόλησης για εσάς στο μητρώο.'],
    [
      'no_allowed_work_orgs',
      'Κανένας από τους φορείς απασχόλησής σας δεν μπορεί να χρησιμοποιήσει αυτό το έγγραφο.',
    ],
  ])('%s: the reason instead of the start button', async (code, text) => {
    refuse(code);
    renderApp('/templates/translation-declaration');
    await screen.findByRole('heading', {
      level: 1,
      name: 'Δεν μπορείτε να χρησιμοποιήσετε αυτό το έγγραφο',
    });
    expect(screen.getByText(text)).toBeTruthy();
    expect(screen.queryByRole('link', { name: /Έναρξη/ })).toBeNull();
  });

  it('in English and French too', async () => {
    refuse('not_certified_translator');
    await i18n.changeLanguage('en');
    try {
      renderApp('/templates/translation-declaration');
      expect(
        await screen.findByText('This document is available to certified translators only.'),
      ).toBeTruthy();
      await i18n.changeLanguage('fr');
      expect(
        await screen.findByText('Ce document est réservé aux traducteurs certifiés.'),
      ).toBeTruthy();
    } finally {
      await i18n.changeLanguage('el');
    }
  });

  it('a registry that cannot answer: try again, then the template', async () => {
    let answers = 0;
    server.use(
      http.get('/api/templates/translation-declaration', () => {
        answers += 1;
        if (answers === 1) {
          return HttpResponse.json(
            {
              error: {
                code: 'translator_try_later',
                message: 'x',
                data: { registry: 'translator', retry: true },
              },
            },
            { status: 400 },
          );
        }
        return HttpResponse.json(
          { error: { code: 'not_certified_translator', message: 'x' } },
          { status: 403 },
        );
      }),
    );
    renderApp('/templates/translation-declaration');
    await screen.findByRole('heading', {
      level: 1,
      name: 'Δεν μπορούμε να ελέγξουμε τώρα αν μπορείτε να χρησιμοποιήσετε αυτό το έγγραφο',
    });
    expect(
      screen.getByText(
        'Δεν ήταν δυνατή η επικοινωνία με το μητρώο πιστοποιημένων μεταφραστών αυτή τη στιγμή. Δοκιμάστε ξανά σε λίγο.',
      ),
    ).toBeTruthy();
    await userEvent.click(screen.getByRole('button', { name: 'Δοκιμάστε ξανά' }));
    expect(
      await screen.findByText(
        'Το έγγραφο αυτό είναι διαθέσιμο μόνο για πιστοποιημένους μεταφραστές.',
      ),
    ).toBeTruthy();
    expect(answers).toBe(2);
  });

  it('at creation too: the reason, not a failure to retry', async () => {
    const text = (el: string) => ({ el, en: el, fr: el });
    const template: PublicTemplate = {
      refname: 'employee-transit-pass-application',
      version: 1,
      code: 'KM1',
      type: 'application',
      shortname: text('Κάρτα μετακίνησης εργαζομένων'),
      title: text('Αίτηση εργαζομένου για επιδοτούμενη κάρτα μετακίνησης'),
      description: text('Για το προσωπικό των εργοδοτών του προγράμματος.'),
      enabled: true,
      collectable: false,
      confirm_identity: false,
      anonymous: false,
      captcha_required: false,
      anonymous_confirmation: [],
      required_claims: [],
      login_endpoint: null,
      'intro-step': null,
      'steps-order': ['pass', 'recipient', 'preview', 'confirm'],
      'wizard-steps': [
        text('Στοιχεία'),
        text('Παραλήπτης'),
        text('Προεπισκόπηση'),
        text('Κωδικός'),
      ],
      steps: [],
    };
    server.use(
      http.get(`/api/templates/${template.refname}`, () =>
        HttpResponse.json({ data: { template } }),
      ),
      http.post('/api/my-declarations/', () =>
        HttpResponse.json(
          { error: { code: 'no_allowed_work_orgs', message: 'x' } },
          { status: 403 },
        ),
      ),
    );
    renderApp(`/templates/${template.refname}/create`);
    await screen.findByRole('heading', {
      level: 1,
      name: 'Δεν μπορείτε να χρησιμοποιήσετε αυτό το έγγραφο',
    });
    expect(
      screen.getByText(
        'Κανένας από τους φορείς απασχόλησής σας δεν μπορεί να χρησιμοποιήσει αυτό το έγγραφο.',
      ),
    ).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Δοκιμάστε ξανά' })).toBeNull();
  });
});

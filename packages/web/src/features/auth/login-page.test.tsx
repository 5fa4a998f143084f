import type { PublicTemplate } from '@dilosi/domain';
import { screen } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { renderApp } from '../../testing/render-app';
import { server } from '../../testing/setup';

const text = (el: string) => ({ el, en: el, fr: el });

const template = (login_endpoint: PublicTemplate['login_endpoint']): PublicTemplate => ({
  refname: 'bank-only-declaration',
  version: 1,
  code: 'BK1',
  type: 'solemn_declaration',
  shortname: text('Δήλωση'),
  title: text('Δήλωση'),
  description: text('Δήλωση.'),
  enabled: true,
  collectable: false,
  confirm_identity: false,
  anonymous: false,
  captcha_required: false,
  anonymous_confirmation: [],
  required_claims: [],
  login_endpoint,
  'intro-step': null,
  'steps-order': ['declaration', 'preview', 'confirm'],
  'wizard-steps': [text('Στοιχεία')],
  steps: [],
});

const answer = (login_endpoint: PublicTemplate['login_endpoint']) =>
  server.use(
    http.get('/api/templates/bank-only-declaration', () =>
      HttpResponse.json({ data: { template: template(login_endpoint) } }),
    ),
  );

/** /login?template= offers only the template's own login when it names one (issue #37). */
describe('the login page for a template', () => {
  it('offers only the bank login for a template whose login is the bank’s', async () => {
    answer('/api/bank_login');
    renderApp('/login?template=bank-only-declaration&next=%2Ftemplates%2Fbank-only-declaration', {
      signedIn: false,
    });
    const bank = await screen.findByRole('link', { name: 'Σύνδεση μέσω τράπεζας (web banking)' });
    expect(bank.getAttribute('href')).toContain('template=bank-only-declaration');
    expect(screen.queryByRole('link', { name: 'Σύνδεση με κωδικούς Taxisnet' })).toBeNull();
    expect(
      screen.getByText('Για αυτή την υπηρεσία η σύνδεση γίνεται μόνο με τον παρακάτω τρόπο.'),
    ).toBeTruthy();
  });

  it('offers both logins for a template that leaves the choice, and for an unknown one', async () => {
    answer(null);
    renderApp('/login?template=bank-only-declaration', { signedIn: false });
    expect(await screen.findByRole('link', { name: 'Σύνδεση με κωδικούς Taxisnet' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Σύνδεση μέσω τράπεζας (web banking)' })).toBeTruthy();

    server.use(
      http.get('/api/templates/no-such-template', () =>
        HttpResponse.json(
          { error: { code: 'template_not_found', message: 'Not found' } },
          { status: 404 },
        ),
      ),
    );
    renderApp('/login?template=no-such-template', { signedIn: false });
    expect(
      (await screen.findAllByRole('link', { name: 'Σύνδεση με κωδικούς Taxisnet' })).length,
    ).toBeGreaterThan(0);
  });
});

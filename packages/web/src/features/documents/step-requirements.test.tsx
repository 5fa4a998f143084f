import { screen, waitFor, within } from '@testing-library/react';
import i18n from 'i18next';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import type { ApiDocument, StepInfo } from '@dilosi/domain';
import { currentUrl, renderApp, TEST_USER } from '../../testing/render-app';
import { server } from '../../testing/setup';
import { apiError, mockDocumentApi } from './testing/document-api';
import { DOCUMENT_ID, STATEMENT, solemnDeclaration } from './testing/solemn-declaration';
import { unmetStepRequirement } from './step-requirements';

/**
 * Issue #37: a step that needs a login through its own endpoint or the consent to the certified
 * mobile says so before the form, and a server refusal (403 action_required) leads the same way.
 */

const issueUrl = (step: string) => `/issue/${DOCUMENT_ID}/${step}`;

function withStep(change: Partial<StepInfo>): ApiDocument {
  const document = solemnDeclaration();
  return { ...document, step_info: { ...document.step_info, ...change } };
}

const GSIS_USER = { ...TEST_USER, login_provider: 'gsis' as const, mobile_certified: false };

describe('what a step needs of the session', () => {
  it('tells a login through another provider, and the consent, apart', () => {
    const info = withStep({ loginURL: '/api/bank_login', consent_method: 'otp' }).step_info;
    expect(unmetStepRequirement(info, GSIS_USER)).toEqual({
      name: 'login',
      url: '/api/bank_login',
    });
    expect(unmetStepRequirement(info, { ...GSIS_USER, login_provider: 'bank' })).toBeNull();
    const consent = withStep({ requireMobileConsent: true, consent_method: 'otp' }).step_info;
    expect(unmetStepRequirement(consent, GSIS_USER)?.name).toBe('consent');
    expect(unmetStepRequirement(consent, { ...GSIS_USER, mobile_certified: true })).toBeNull();
  });

  it('a step with a loginURL shows a notice with the login instead of the form', async () => {
    mockDocumentApi(DOCUMENT_ID, {
      get: () => withStep({ loginURL: '/api/bank_login', consent_method: 'otp' }),
    });
    renderApp(issueUrl('fields'), { user: GSIS_USER });
    const heading = await screen.findByRole('heading', {
      level: 2,
      name: 'Χρειάζεται νέα σύνδεση',
    });
    const region = heading.closest<HTMLElement>('[role="status"]') ?? heading.parentElement!;
    expect(
      within(region).getByText(
        'Για να συνεχίσετε σε αυτό το βήμα, συνδεθείτε ξανά με τους κωδικούς web banking της τράπεζάς σας.',
      ),
    ).toBeTruthy();
    const link = within(region).getByRole('link', { name: 'Σύνδεση ξανά' });
    const href = new URL(link.getAttribute('href') ?? '', window.location.origin);
    expect(href.pathname).toBe('/login');
    expect(Object.fromEntries(href.searchParams)).toEqual({
      next: issueUrl('fields'),
      template: 'solemn-declaration',
      provider: 'bank',
    });
    expect(screen.queryByRole('button', { name: 'Συνέχεια' })).toBeNull();
  });

  it('a citizen logged in there sees the step', async () => {
    mockDocumentApi(DOCUMENT_ID, {
      get: () => withStep({ loginURL: '/api/bank_login', consent_method: 'otp' }),
    });
    renderApp(issueUrl('fields'), { user: { ...GSIS_USER, login_provider: 'bank' } });
    await screen.findByRole('button', { name: 'Συνέχεια' });
    expect(screen.queryByRole('heading', { name: 'Χρειάζεται νέα σύνδεση' })).toBeNull();
  });

  it('a step with requireMobileConsent goes through /consent and comes back', async () => {
    mockDocumentApi(DOCUMENT_ID, {
      get: () => withStep({ requireMobileConsent: true, consent_method: 'otp' }),
    });
    renderApp(issueUrl('fields'), { user: GSIS_USER });
    await waitFor(() =>
      expect(currentUrl()).toBe(`/consent?next=${encodeURIComponent(issueUrl('fields'))}`),
    );
  });

  it('a refusal with action_required (login) shows the login notice, in English too', async () => {
    await i18n.changeLanguage('en');
    try {
      mockDocumentApi(DOCUMENT_ID, {
        get: () => solemnDeclaration(),
        update: () =>
          apiError(403, 'action_required', 'x', {
            action: { name: 'login', url: '/api/gsis_login' },
          }),
      });
      const { user } = renderApp(issueUrl('fields'));
      const statement = await screen.findByRole('textbox', { name: /Text of the declaration/ });
      await user.type(statement, STATEMENT);
      await user.click(screen.getByRole('button', { name: 'Continue' }));
      await screen.findByRole('heading', { level: 2, name: 'You need to log in again' });
      expect(
        screen.getByText('To continue at this step, log in again with your Taxisnet credentials.'),
      ).toBeTruthy();
    } finally {
      await i18n.changeLanguage('el');
    }
  });

  it('a step-up: asks for the SMS code, refuses a wrong one, then sends the step again', async () => {
    let updates = 0;
    const api = mockDocumentApi(DOCUMENT_ID, {
      get: () => solemnDeclaration(),
      update: () => {
        updates += 1;
        return updates === 1
          ? apiError(403, 'action_required', 'x', {
              action: { name: 'step_up', url: '/api/step-up' },
            })
          : solemnDeclaration({ step: 'recipient', values: { statement: STATEMENT } });
      },
    });
    const codes: string[] = [];
    server.use(
      http.post('/api/step-up', () =>
        HttpResponse.json({
          data: { mobile: '69******78', expires_at: '2026-11-29T10:05:00Z', sends_left: 4 },
        }),
      ),
      http.post('/api/step-up/confirm', async ({ request }) => {
        const { code } = (await request.json()) as { code: string };
        codes.push(code);
        if (code === '123456') {
          return HttpResponse.json({ data: { confirmed_at: '2026-11-29T10:01:00Z' } });
        }
        return apiError(400, 'otp_invalid', 'x', {
          invalid_fields: [
            {
              invalid_field: 'otp_code',
              error_info: { code: 'otp_invalid', message: 'Λανθασμένος κωδικός επιβεβαίωσης.' },
            },
          ],
        });
      }),
    );
    const { user } = renderApp(issueUrl('fields'));
    const statement = await screen.findByRole('textbox', { name: /Κείμενο δήλωσης/ });
    await user.type(statement, STATEMENT);
    await user.click(screen.getByRole('button', { name: 'Συνέχεια' }));
    await screen.findByRole('heading', { level: 2, name: 'Χρειάζεται κωδικός επιβεβαίωσης' });
    await user.click(screen.getByRole('button', { name: 'Αποστολή κωδικού' }));
    await screen.findByText('Ο κωδικός στάλθηκε στο 69******78.');
    const code = screen.getByRole('textbox', { name: /Κωδικός επιβεβαίωσης/ });
    await user.type(code, '12');
    await user.click(screen.getByRole('button', { name: 'Επιβεβαίωση' }));
    expect(await screen.findByText('Ο κωδικός έχει έξι ψηφία.')).toBeTruthy();
    expect(codes).toEqual([]);
    await user.clear(code);
    await user.type(code, '000000');
    await user.click(screen.getByRole('button', { name: 'Επιβεβαίωση' }));
    expect(await screen.findByText('Λανθασμένος κωδικός επιβεβαίωσης.')).toBeTruthy();
    await user.clear(code);
    await user.type(code, '123456');
    await user.click(screen.getByRole('button', { name: 'Επιβεβαίωση' }));
    await waitFor(() => expect(currentUrl()).toBe(issueUrl('recipient')));
    expect(codes).toEqual(['000000', '123456']);
    expect(api.updates).toHaveLength(2);
    expect(api.updates[1]?.document.statements).toEqual(api.updates[0]?.document.statements);
  });
});

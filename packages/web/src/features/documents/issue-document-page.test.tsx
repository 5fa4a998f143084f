import { screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { currentUrl, renderApp } from '../../testing/render-app';
import { server } from '../../testing/setup';
import { expectFieldError, errorSummary } from './renderer/testing/render-step';
import { apiError, mockDocumentApi } from './testing/document-api';
import {
  DOCUMENT_ID,
  RECIPIENT,
  REGISTRY_VALUES,
  STATEMENT,
  documentBody,
  solemnDeclaration,
  solemnDeclarationTemplate,
} from './testing/solemn-declaration';

/**
 * The wizard page (/issue/{id}/{step}) through the whole app: real providers, router and
 * renderer, the network mocked only at the edge. The address always follows the server's step.
 */

const issueUrl = (step: string) => `/issue/${DOCUMENT_ID}/${step}`;

const h1 = (name: string) => screen.findByRole('heading', { level: 1, name });

/** Lets any request or effect a loop would start happen before counting requests. */
const settle = () => new Promise((resolve) => setTimeout(resolve, 50));

describe('the address follows the server’s step', () => {
  it('moves to the step the server answers after Continue, replacing the history entry', async () => {
    const api = mockDocumentApi(DOCUMENT_ID, {
      get: () => solemnDeclaration(),
      update: () =>
        solemnDeclaration({ step: 'recipient', values: { statement: STATEMENT }, digest: 'd-2' }),
    });
    const { user } = renderApp(issueUrl('fields'));
    await h1('Στοιχεία δήλωσης');
    expect(screen.getByText('Βήμα 1 από 4')).toBeTruthy();
    const entries = window.history.length;

    await user.type(screen.getByRole('textbox', { name: /Κείμενο δήλωσης/ }), STATEMENT);
    await user.click(screen.getByRole('button', { name: 'Συνέχεια' }));

    const heading = await h1('Παραλήπτης');
    expect(currentUrl()).toBe(issueUrl('recipient'));
    expect(window.history.length).toBe(entries);
    expect(screen.getByText('Βήμα 2 από 4')).toBeTruthy();
    const steps = screen.getByRole('list', { name: 'Βήματα έκδοσης' });
    expect(within(steps).getByText('Παραλήπτης').closest('li')?.getAttribute('aria-current')).toBe(
      'step',
    );
    // The shell moves focus to the new step's heading after the address changes.
    await waitFor(() => expect(document.activeElement).toBe(heading));

    expect(api.updates).toHaveLength(1);
    expect(api.updates[0]).toEqual({
      document: {
        'declaration-id': DOCUMENT_ID,
        'digest-sha256': 'digest-1',
        statements: { statement: STATEMENT },
        attachments: {},
      },
      interactive: true,
    });
    expect(api.get).toBe(1);
  });

  it('takes whichever step the server names, not the next one in order', async () => {
    mockDocumentApi(DOCUMENT_ID, {
      get: () => solemnDeclaration({ values: { statement: STATEMENT } }),
      update: () =>
        solemnDeclaration({
          step: 'preview',
          values: { statement: STATEMENT },
          recipient: RECIPIENT,
          digest: 'd-2',
        }),
    });
    const { user } = renderApp(issueUrl('fields'));
    await h1('Στοιχεία δήλωσης');
    await user.click(screen.getByRole('button', { name: 'Συνέχεια' }));
    await h1('Προεπισκόπηση');
    expect(currentUrl()).toBe(issueUrl('preview'));
    expect(screen.getByRole('button', { name: 'Υποβολή' })).toBeTruthy();
  });

  it('corrects an address naming another step to the server’s, in place', async () => {
    const api = mockDocumentApi(DOCUMENT_ID, {
      get: () => solemnDeclaration({ step: 'recipient', recipient: RECIPIENT }),
    });
    renderApp(issueUrl('wrong-step'));
    const entries = window.history.length;
    await h1('Παραλήπτης');
    await waitFor(() => expect(currentUrl()).toBe(issueUrl('recipient')));
    expect(window.history.length).toBe(entries);
    await settle();
    expect(api.get).toBe(1);
  });

  it('adds the server’s step to an address without one', async () => {
    mockDocumentApi(DOCUMENT_ID, { get: () => solemnDeclaration() });
    renderApp(`/issue/${DOCUMENT_ID}`);
    await h1('Στοιχεία δήλωσης');
    await waitFor(() => expect(currentUrl()).toBe(issueUrl('fields')));
  });

  it('goes back with the back button to the step the server answers', async () => {
    const api = mockDocumentApi(DOCUMENT_ID, {
      get: () => solemnDeclaration({ step: 'recipient', recipient: RECIPIENT }),
      backstep: () => solemnDeclaration({ step: 'fields', recipient: RECIPIENT, digest: 'd-2' }),
    });
    const { user } = renderApp(issueUrl('recipient'));
    await h1('Παραλήπτης');
    await user.click(screen.getByRole('button', { name: 'Πίσω' }));
    await h1('Στοιχεία δήλωσης');
    expect(currentUrl()).toBe(issueUrl('fields'));
    expect(api.backsteps).toBe(1);
    expect(api.updates).toHaveLength(0);
  });

  it('sends an issued document to its done page, without asking for it again', async () => {
    let lookups = 0;
    server.use(
      http.get('/api/citizen-declarations/:ref', ({ params }) => {
        lookups += 1;
        return HttpResponse.json(
          documentBody(solemnDeclaration({ state: 'issued', referenceCode: String(params.ref) })),
        );
      }),
    );
    const api = mockDocumentApi(DOCUMENT_ID, {
      get: () =>
        solemnDeclaration({
          state: 'requested',
          values: { statement: STATEMENT },
          recipient: RECIPIENT,
        }),
      update: () =>
        solemnDeclaration({
          state: 'issued',
          values: { statement: STATEMENT },
          recipient: RECIPIENT,
          referenceCode: 'YD1-8QF3-K2M7',
          digest: 'd-3',
        }),
    });
    const { user } = renderApp(issueUrl('confirm'));
    await h1('Επιβεβαίωση');
    const entries = window.history.length;
    await user.type(screen.getByRole('textbox', { name: /Κωδικός επιβεβαίωσης/ }), '123456');
    await user.click(screen.getByRole('button', { name: 'Επιβεβαίωση' }));

    await waitFor(() => expect(currentUrl()).toBe('/dilosi/YD1-8QF3-K2M7/done'));
    expect(window.history.length).toBe(entries);
    expect(api.updates).toHaveLength(1);
    expect(api.updates[0]?.action).toBe('submit');
    expect(api.updates[0]?.document.statements).toEqual({ otp_code: '123456' });
    await waitFor(() => expect(screen.queryByRole('textbox')).toBeNull());
    await settle();
    expect(lookups).toBe(0);
  });

  it('sends the wizard address of an issued document to the done page', async () => {
    const issued = () =>
      solemnDeclaration({
        state: 'issued',
        values: { statement: STATEMENT },
        recipient: RECIPIENT,
      });
    server.use(
      http.get('/api/citizen-declarations/:ref', () => HttpResponse.json(documentBody(issued()))),
    );
    mockDocumentApi(DOCUMENT_ID, { get: issued });
    renderApp(issueUrl('fields'));
    await waitFor(() => expect(currentUrl()).toBe('/dilosi/YD1-8QF3-K2M7/done'));
    expect(screen.queryByRole('button', { name: 'Συνέχεια' })).toBeNull();
    // The code in the success sentence is kept whole on a phone (not broken at a dash).
    const code = await screen.findByText('YD18-QF3K-2M7', {
      selector: '.dilosi-done-panel__nowrap',
    });
    expect(code.closest('p')?.textContent).toContain('YD18-QF3K-2M7');
  });
});

describe('field errors from the server', () => {
  it('shows invalid_fields in the summary and at the field, focuses the summary, keeps the address', async () => {
    const message = 'Το κείμενο περιέχει χαρακτήρες που δεν επιτρέπονται.';
    let attempt = 0;
    const api = mockDocumentApi(DOCUMENT_ID, {
      get: () => solemnDeclaration(),
      update: () => {
        attempt += 1;
        return attempt === 1
          ? apiError(400, 'invalid_fields', 'Ορισμένα πεδία δεν είναι σωστά συμπληρωμένα.', {
              invalid_fields: [
                {
                  invalid_field: 'statement',
                  error_info: { code: 'text_invalid_characters', message },
                },
              ],
            })
          : solemnDeclaration({ step: 'recipient', values: { statement: STATEMENT } });
      },
    });
    const { user } = renderApp(issueUrl('fields'));
    await h1('Στοιχεία δήλωσης');
    const statement = screen.getByRole('textbox', { name: /Κείμενο δήλωσης/ });
    await user.type(statement, STATEMENT);
    await user.click(screen.getByRole('button', { name: 'Συνέχεια' }));

    await waitFor(() => expect(document.activeElement).toBe(errorSummary()));
    expectFieldError(statement, message);
    expect(currentUrl()).toBe(issueUrl('fields'));
    expect((statement as HTMLTextAreaElement).value).toBe(STATEMENT);
    expect(api.get).toBe(1);

    // Corrected and sent again: the errors go and the wizard moves on.
    await user.click(screen.getByRole('button', { name: 'Συνέχεια' }));
    await h1('Παραλήπτης');
    expect(screen.queryByRole('alert')).toBeNull();
    expect(api.updates).toHaveLength(2);
  });

  it('shows a wrong SMS code at the code input', async () => {
    const message = 'Λανθασμένος κωδικός επιβεβαίωσης. Απομένουν 4 προσπάθειες.';
    mockDocumentApi(DOCUMENT_ID, {
      get: () =>
        solemnDeclaration({
          state: 'requested',
          values: { statement: STATEMENT },
          recipient: RECIPIENT,
        }),
      update: () =>
        apiError(400, 'invalid_fields', message, {
          invalid_fields: [
            {
              invalid_field: 'otp_code',
              error_info: { code: 'otp_invalid', message, params: { remaining: 4 } },
            },
          ],
          remaining_attempts: 4,
        }),
    });
    const { user } = renderApp(issueUrl('confirm'));
    await h1('Επιβεβαίωση');
    const code = screen.getByRole('textbox', { name: /Κωδικός επιβεβαίωσης/ });
    await user.type(code, '000000');
    await user.click(screen.getByRole('button', { name: 'Επιβεβαίωση' }));
    await waitFor(() => expect(document.activeElement).toBe(errorSummary()));
    expectFieldError(code, message);
    expect(currentUrl()).toBe(issueUrl('confirm'));
  });
});

describe('a step that submits itself (skipIfNotEditable)', () => {
  // The catalogue's declaration with a first step showing only registry values, which no one
  // may change: the wizard sends it on by itself.
  const template = solemnDeclarationTemplate((input) => ({
    ...input,
    steps_spec: {
      ...input.steps_spec,
      steps: [
        {
          key: 'identity',
          title: { el: 'Τα στοιχεία σας', en: 'Your details', fr: 'Vos données' },
          'wizard-step': 1,
          skipIfNotEditable: true,
          fieldsets: [{ key: 'identity_set', fields: ['firstname', 'surname', 'afm'] }],
        },
        ...input.steps_spec.steps,
      ],
      'steps-order': ['identity', ...input.steps_spec['steps-order']],
    },
  }));
  const identity = () => solemnDeclaration({ template, step: 'identity' });

  it('sends the step once with its values and lands on the server’s next step', async () => {
    const api = mockDocumentApi(DOCUMENT_ID, {
      get: identity,
      update: () => solemnDeclaration({ template, step: 'fields', digest: 'd-2' }),
    });
    renderApp(issueUrl('identity'));
    await h1('Στοιχεία δήλωσης');
    expect(currentUrl()).toBe(issueUrl('fields'));
    await settle();
    expect(api.updates).toEqual([
      {
        document: {
          'declaration-id': DOCUMENT_ID,
          'digest-sha256': 'digest-1',
          statements: {
            firstname: REGISTRY_VALUES.firstname,
            surname: REGISTRY_VALUES.surname,
            afm: REGISTRY_VALUES.afm,
          },
          attachments: {},
        },
        interactive: true,
      },
    ]);
    expect(api.get).toBe(1);
  });

  it('sends it once under StrictMode too, whose remount runs the effect again', async () => {
    const api = mockDocumentApi(DOCUMENT_ID, {
      get: identity,
      update: () => solemnDeclaration({ template, step: 'fields', digest: 'd-2' }),
    });
    renderApp(issueUrl('identity'), { strict: true });
    await h1('Στοιχεία δήλωσης');
    await settle();
    expect(api.updates).toHaveLength(1);
    expect(currentUrl()).toBe(issueUrl('fields'));
  });

  it('says the step is being completed while it is sent', async () => {
    let release: () => void = () => {};
    const answered = new Promise<void>((resolve) => {
      release = resolve;
    });
    server.use(
      http.post(`/api/my-declarations/${DOCUMENT_ID}`, async () => {
        await answered;
        return HttpResponse.json(
          documentBody(solemnDeclaration({ template, step: 'fields', digest: 'd-2' })),
        );
      }),
    );
    mockDocumentApi(DOCUMENT_ID, { get: identity });
    renderApp(issueUrl('identity'));
    expect(
      await screen.findByText('Το βήμα συμπληρώθηκε αυτόματα, συνεχίζουμε…', {
        selector: '[role="status"]',
      }),
    ).toBeTruthy();
    release();
    await h1('Στοιχεία δήλωσης');
    expect(screen.queryByText('Το βήμα συμπληρώθηκε αυτόματα, συνεχίζουμε…')).toBeNull();
  });

  it('does not send the same step again when the server answers it unchanged', async () => {
    // Refused and reloaded: the same step with the same digest must not start a loop.
    const api = mockDocumentApi(DOCUMENT_ID, {
      get: identity,
      update: () =>
        apiError(
          409,
          'action_not_allowed_on_state',
          'Η ενέργεια δεν επιτρέπεται στην τρέχουσα κατάσταση του εγγράφου.',
        ),
    });
    renderApp(issueUrl('identity'));
    await screen.findByRole('heading', {
      name: 'Το έγγραφο δεν μπορεί να προχωρήσει σε αυτό το βήμα τώρα',
    });
    await waitFor(() => expect(api.get).toBe(2));
    await settle();
    expect(api.updates).toHaveLength(1);
    expect(api.get).toBe(2);
    expect(currentUrl()).toBe(issueUrl('identity'));
  });

  it('sends a changed document at the same step once more, and only once', async () => {
    // document_modified: the reload brings a new digest, which is worth one new try.
    let updates = 0;
    let digest = 'digest-1';
    const api = mockDocumentApi(DOCUMENT_ID, {
      get: () => solemnDeclaration({ template, step: 'identity', digest }),
      update: () => {
        updates += 1;
        if (updates === 1) {
          digest = 'digest-2';
          return apiError(409, 'document_modified', 'Το έγγραφο άλλαξε στο μεταξύ.');
        }
        return solemnDeclaration({ template, step: 'fields', digest: 'digest-3' });
      },
    });
    renderApp(issueUrl('identity'));
    await h1('Στοιχεία δήλωσης');
    await settle();
    expect(api.updates.map((update) => update.document['digest-sha256'])).toEqual([
      'digest-1',
      'digest-2',
    ]);
    expect(api.get).toBe(2);
    expect(currentUrl()).toBe(issueUrl('fields'));
  });

  it('leaves a step with an editable field to the citizen', async () => {
    const api = mockDocumentApi(DOCUMENT_ID, {
      get: () =>
        solemnDeclaration({
          template: solemnDeclarationTemplate((input) => ({
            ...input,
            steps_spec: {
              ...input.steps_spec,
              steps: input.steps_spec.steps.map((step) =>
                step.key === 'fields' ? { ...step, skipIfNotEditable: true } : step,
              ),
            },
          })),
        }),
    });
    renderApp(issueUrl('fields'));
    await h1('Στοιχεία δήλωσης');
    await settle();
    expect(api.updates).toHaveLength(0);
    expect(screen.getByRole('button', { name: 'Συνέχεια' })).toBeTruthy();
  });
});

import { screen, waitFor } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import type { PublicTemplate, RegistryRecord } from '@dilosi/domain';
import { apiError, mockDocumentApi } from '../features/documents/testing/document-api';
import {
  DOCUMENT_ID,
  RECIPIENT,
  documentBody,
  solemnDeclaration,
} from '../features/documents/testing/solemn-declaration';
import { currentUrl, renderApp } from '../testing/render-app';
import { server } from '../testing/setup';

/**
 * Steps in the URL (issue #38): /templates/{refname}/{step} and …/ui-form[/{step}] open the step
 * the document's state allows and otherwise go, replacing the address, to the step the server
 * reports; the identity confirmation is one of a new document's steps.
 */

const text = (el: string) => ({ el, en: el, fr: el });

function publicTemplate(change: Partial<PublicTemplate> = {}): PublicTemplate {
  return {
    refname: 'solemn-declaration',
    version: 1,
    code: 'YD1',
    type: 'solemn_declaration',
    shortname: text('Υπεύθυνη δήλωση'),
    title: text('Υπεύθυνη δήλωση του άρθρου 8'),
    description: text('Δήλωση προς κάθε δημόσια υπηρεσία.'),
    enabled: true,
    collectable: false,
    confirm_identity: false,
    anonymous: false,
    captcha_required: false,
    anonymous_confirmation: [],
    required_claims: [],
    login_endpoint: null,
    'intro-step': null,
    'steps-order': ['fields', 'recipient', 'preview', 'otp'],
    'wizard-steps': [text('Στοιχεία'), text('Παραλήπτης'), text('Προεπισκόπηση'), text('Κωδικός')],
    steps: [],
    ...change,
  };
}

function answerTemplate(template: PublicTemplate) {
  server.use(
    http.get(`/api/templates/${template.refname}`, () => HttpResponse.json({ data: { template } })),
  );
}

/** POST /api/my-declarations/: the new document, at its first step. */
function answerCreation() {
  const created: string[] = [];
  server.use(
    http.post('/api/my-declarations/', async ({ request }) => {
      const body = (await request.json()) as { document: { template: string } };
      created.push(body.document.template);
      return HttpResponse.json(documentBody(solemnDeclaration()), { status: 201 });
    }),
  );
  return created;
}

const MARIA: RegistryRecord = {
  afm: '100000015',
  firstname: 'ΜΑΡΙΑ',
  surname: 'ΠΑΠΑΔΟΠΟΥΛΟΥ',
  father_name: 'ΓΕΩΡΓΙΟΣ',
  mother_name: null,
  birth_date: '1980-01-31',
};

function answerRegistry(answer: () => Response = () => HttpResponse.json({ data: MARIA })) {
  server.use(http.get('/api/profile/registry-record', answer));
}

const h1 = (name: string) => screen.findByRole('heading', { level: 1, name });

describe('a template address naming a step', () => {
  it('opens a step a new document is at, and replaces one it cannot be at with the template step', async () => {
    answerTemplate(publicTemplate());
    const { unmount } = renderApp('/templates/solemn-declaration/template');
    await h1('Υπεύθυνη δήλωση του άρθρου 8');
    expect(currentUrl()).toBe('/templates/solemn-declaration/template');
    unmount();

    renderApp('/templates/solemn-declaration/recipient?caller_authorization_id=a1');
    const entries = window.history.length;
    await h1('Υπεύθυνη δήλωση του άρθρου 8');
    await waitFor(() =>
      expect(currentUrl()).toBe('/templates/solemn-declaration?caller_authorization_id=a1'),
    );
    expect(window.history.length).toBe(entries);
  });

  it('sends a collectable template opened with a trailing slash to its ui-form create step', async () => {
    answerTemplate(publicTemplate({ collectable: true }));
    const created = answerCreation();
    mockDocumentApi(DOCUMENT_ID, { get: () => solemnDeclaration() });
    renderApp('/templates/solemn-declaration/');
    await h1('Στοιχεία δήλωσης');
    await waitFor(() => expect(currentUrl()).toBe(`/issue/${DOCUMENT_ID}/fields`));
    expect(created).toEqual(['solemn-declaration']);
  });

  it('ui-form/{step}: creates, then opens the step if the new document is at it, else the server’s', async () => {
    answerTemplate(publicTemplate({ collectable: true }));
    answerCreation();
    mockDocumentApi(DOCUMENT_ID, { get: () => solemnDeclaration() });
    const { unmount } = renderApp('/templates/solemn-declaration/ui-form/fields');
    await h1('Στοιχεία δήλωσης');
    expect(currentUrl()).toBe(`/issue/${DOCUMENT_ID}/fields`);
    unmount();

    renderApp('/templates/solemn-declaration/ui-form/preview');
    const entries = window.history.length;
    await h1('Στοιχεία δήλωσης');
    await waitFor(() => expect(currentUrl()).toBe(`/issue/${DOCUMENT_ID}/fields`));
    expect(window.history.length).toBe(entries);
  });

  it('keeps a step on reload: the identity step, and a wizard step the document is at', async () => {
    answerTemplate(publicTemplate({ confirm_identity: true }));
    answerRegistry();
    const { unmount } = renderApp('/templates/solemn-declaration/identity');
    await h1('Επιβεβαίωση στοιχείων');
    expect(currentUrl()).toBe('/templates/solemn-declaration/identity');
    unmount();

    mockDocumentApi(DOCUMENT_ID, {
      get: () => solemnDeclaration({ step: 'recipient', recipient: RECIPIENT }),
    });
    renderApp(`/issue/${DOCUMENT_ID}/recipient`);
    await h1('Παραλήπτης');
    expect(currentUrl()).toBe(`/issue/${DOCUMENT_ID}/recipient`);
  });
});

describe('the identity confirmation', () => {
  it('shows the registry’s record, and a confirmation leads on to creation', async () => {
    answerTemplate(publicTemplate({ confirm_identity: true }));
    answerRegistry();
    const created = answerCreation();
    mockDocumentApi(DOCUMENT_ID, { get: () => solemnDeclaration() });
    const { user } = renderApp('/templates/solemn-declaration');
    await user.click(await screen.findByRole('link', { name: /Έναρξη/ }));
    await h1('Επιβεβαίωση στοιχείων');
    const list = document.querySelector('.dilosi-identity-list')?.textContent ?? '';
    expect(list).toContain('ΠΑΠΑΔΟΠΟΥΛΟΥ');
    expect(list).toContain('31/01/1980');
    expect(list).toContain('Όνομα μητέρας');
    expect(list).toContain('Δεν υπάρχει στο μητρώο');

    await user.click(screen.getByRole('button', { name: 'Συνέχεια' }));
    expect((await screen.findByRole('alert')).textContent).toContain(
      'Επιλέξτε αν τα στοιχεία σας είναι σωστά.',
    );
    expect(created).toEqual([]);
    await user.click(screen.getByLabelText('Ναι, είναι σωστά'));
    await user.click(screen.getByRole('button', { name: 'Συνέχεια' }));
    await h1('Στοιχεία δήλωσης');
    expect(created).toEqual(['solemn-declaration']);
  });

  it('explains where to correct wrong details, and creation does not start without the step', async () => {
    answerTemplate(publicTemplate({ confirm_identity: true }));
    answerRegistry();
    const created = answerCreation();
    const { user } = renderApp('/templates/solemn-declaration/create');
    await h1('Επιβεβαίωση στοιχείων');
    expect(currentUrl()).toBe('/templates/solemn-declaration/identity');
    await user.click(screen.getByLabelText('Όχι, κάποιο στοιχείο είναι λάθος'));
    await user.click(screen.getByRole('button', { name: 'Συνέχεια' }));
    expect(
      await screen.findByRole('heading', { name: 'Πώς διορθώνονται τα στοιχεία σας' }),
    ).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Συνέχεια' })).toBeNull();
    expect(created).toEqual([]);
  });

  it('says so when the registry refuses, in the person’s language', async () => {
    answerTemplate(publicTemplate({ confirm_identity: true }));
    answerRegistry(() => apiError(409, 'vatin_deactivated', 'deactivated'));
    renderApp('/templates/solemn-declaration/identity');
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('Υπάρχει κάποιο πρόβλημα');
    expect(alert.textContent).not.toContain('deactivated');
    expect(screen.getByRole('heading', { name: 'Πώς διορθώνονται τα στοιχεία σας' })).toBeTruthy();
  });
});

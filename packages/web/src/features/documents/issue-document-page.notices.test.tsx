import { screen, waitFor, within } from '@testing-library/react';
import i18n from 'i18next';
import { HttpResponse } from 'msw';
import { describe, expect, it, vi } from 'vitest';
import { currentUrl, renderApp } from '../../testing/render-app';
import { apiError, mockDocumentApi, type Answer } from './testing/document-api';
import { DOCUMENT_ID, RECIPIENT, STATEMENT, solemnDeclaration } from './testing/solemn-declaration';

/**
 * What the wizard page says when the server refuses a step (spec section 8): six notices above
 * the step, each in the interface language (Greek by default), the step still there to correct
 * and send again; and the errors it cannot explain, which leave for the error pages.
 */

const issueUrl = (step: string) => `/issue/${DOCUMENT_ID}/${step}`;
const h1 = (name: string) => screen.findByRole('heading', { level: 1, name });
const settle = () => new Promise((resolve) => setTimeout(resolve, 50));

const fields = (digest = 'digest-1', statement?: string) =>
  solemnDeclaration({ digest, ...(statement ? { values: { statement } } : {}) });
const preview = () =>
  solemnDeclaration({ step: 'preview', values: { statement: STATEMENT }, recipient: RECIPIENT });
const requested = () =>
  solemnDeclaration({ state: 'requested', values: { statement: STATEMENT }, recipient: RECIPIENT });

/** The notice with this heading: the live region that holds it (alert or status). */
function notice(role: 'alert' | 'status', title: string): HTMLElement {
  const heading = screen.getByRole('heading', { level: 2, name: title });
  const region = heading.closest<HTMLElement>(`[role="${role}"]`);
  if (!region) throw new Error(`"${title}" is not inside a ${role}`);
  return region;
}

/** Renders the first step, types the statement and presses Continue; the server answers `answer`. */
async function submitFields(answer: () => Answer, get: () => Answer = () => fields()) {
  let updates = 0;
  const api = mockDocumentApi(DOCUMENT_ID, {
    get,
    update: () => {
      updates += 1;
      return updates === 1
        ? answer()
        : solemnDeclaration({ step: 'recipient', values: { statement: STATEMENT }, digest: 'd-9' });
    },
  });
  const rendered = renderApp(issueUrl('fields'));
  await h1('Στοιχεία δήλωσης');
  const statement = screen.getByRole('textbox', { name: /Κείμενο δήλωσης/ });
  await rendered.user.type(statement, STATEMENT);
  await rendered.user.click(screen.getByRole('button', { name: 'Συνέχεια' }));
  return { ...rendered, api, statement: statement as HTMLTextAreaElement };
}

/** The step can still be sent: Continue works and the wizard moves on. */
async function expectUsable(user: ReturnType<typeof renderApp>['user']) {
  const next = screen.getByRole('button', { name: 'Συνέχεια' });
  expect((next as HTMLButtonElement).disabled).toBe(false);
  await user.click(next);
  await h1('Παραλήπτης');
  expect(currentUrl()).toBe(issueUrl('recipient'));
}

describe('document_modified (changed in another tab or device)', () => {
  it('says so, loads the latest version into the form and lets the citizen go on', async () => {
    let digest = 'digest-1';
    const { user, api } = await submitFields(
      () => {
        digest = 'digest-2';
        return apiError(409, 'document_modified', 'Το έγγραφο άλλαξε στο μεταξύ.');
      },
      () => fields(digest, digest === 'digest-2' ? 'Κείμενο από άλλη συσκευή' : undefined),
    );
    await screen.findByRole('heading', { level: 2, name: 'Το έγγραφο άλλαξε στο μεταξύ' });
    const status = notice('status', 'Το έγγραφο άλλαξε στο μεταξύ');
    expect(
      within(status).getByText(
        'Το έγγραφο αλλάχτηκε από άλλη καρτέλα ή συσκευή. Φορτώσαμε την πιο πρόσφατη μορφή του· ελέγξτε τα στοιχεία και συνεχίστε.',
      ),
    ).toBeTruthy();
    // The latest version, not the citizen's stale input, is what the form now holds.
    await waitFor(() =>
      expect(
        (screen.getByRole('textbox', { name: /Κείμενο δήλωσης/ }) as HTMLTextAreaElement).value,
      ).toBe('Κείμενο από άλλη συσκευή'),
    );
    expect(api.get).toBe(2);
    expect(document.activeElement).toBe(status);
    expect(currentUrl()).toBe(issueUrl('fields'));

    await expectUsable(user);
    expect(api.updates.map((update) => update.document['digest-sha256'])).toEqual([
      'digest-1',
      'digest-2',
    ]);
  });

  it('keeps the notice when the latest version is at another step, whose address it takes', async () => {
    let reloaded = false;
    const api = mockDocumentApi(DOCUMENT_ID, {
      get: () =>
        reloaded
          ? solemnDeclaration({
              step: 'recipient',
              values: { statement: STATEMENT },
              digest: 'd-2',
            })
          : preview(),
      update: () => {
        reloaded = true;
        return apiError(409, 'document_modified', 'Το έγγραφο άλλαξε στο μεταξύ.');
      },
    });
    const { user } = renderApp(issueUrl('preview'));
    await h1('Προεπισκόπηση');
    await user.click(screen.getByRole('button', { name: 'Υποβολή' }));

    await h1('Παραλήπτης');
    await waitFor(() => expect(currentUrl()).toBe(issueUrl('recipient')));
    expect(notice('status', 'Το έγγραφο άλλαξε στο μεταξύ')).toBeTruthy();
    expect(api.get).toBe(2);
  });
});

describe('action_not_allowed_on_state', () => {
  it('explains the refusal, reloads the document and leaves the step usable', async () => {
    const { user, api, statement } = await submitFields(() =>
      apiError(
        409,
        'action_not_allowed_on_state',
        'Η ενέργεια δεν επιτρέπεται στην τρέχουσα κατάσταση του εγγράφου.',
      ),
    );
    await screen.findByRole('heading', {
      level: 2,
      name: 'Το έγγραφο δεν μπορεί να προχωρήσει σε αυτό το βήμα τώρα',
    });
    const alert = notice('alert', 'Το έγγραφο δεν μπορεί να προχωρήσει σε αυτό το βήμα τώρα');
    expect(
      within(alert).getByText(
        'Η τρέχουσα κατάσταση του εγγράφου δεν επιτρέπει αυτή την ενέργεια. Τα στοιχεία σας έχουν αποθηκευτεί: μπορείτε να τα ελέγξετε ή να τα διορθώσετε.',
      ),
    ).toBeTruthy();
    await waitFor(() => expect(api.get).toBe(2));
    expect(document.activeElement).toBe(alert);
    expect(statement.value).toBe(STATEMENT);
    await expectUsable(user);
  });
});

describe('the SMS code cannot be sent', () => {
  async function submitPreviewIn(title: string, submit: string, answer: () => Answer) {
    const api = mockDocumentApi(DOCUMENT_ID, { get: preview, update: answer });
    const rendered = renderApp(issueUrl('preview'));
    await h1(title);
    await rendered.user.click(screen.getByRole('button', { name: submit }));
    return { ...rendered, api };
  }

  async function submitPreview(answer: () => Answer) {
    const rendered = await submitPreviewIn('Προεπισκόπηση', 'Υποβολή', answer);
    await screen.findByRole('heading', {
      level: 2,
      name: /Δεν μπορεί να σταλεί ο κωδικός επιβεβαίωσης|Ο κωδικός έχει ήδη σταλεί/,
    });
    return rendered;
  }

  it('no_mobile: says why and links to how a mobile is certified', async () => {
    const { api } = await submitPreview(() =>
      apiError(403, 'no_mobile', 'Δεν βρέθηκε πιστοποιημένος αριθμός κινητού τηλεφώνου.'),
    );
    const alert = notice('alert', 'Δεν μπορεί να σταλεί ο κωδικός επιβεβαίωσης');
    expect(
      within(alert).getByText(
        'Δεν βρέθηκε πιστοποιημένος αριθμός κινητού τηλεφώνου στο όνομά σας.',
      ),
    ).toBeTruthy();
    const link = within(alert).getByRole('link', {
      name: 'Πώς πιστοποιώ τον αριθμό του κινητού μου',
    });
    expect(link.getAttribute('href')).toBe('/info/no-mobile');
    expect(document.activeElement).toBe(alert);
    // Nothing to reload; the preview stays with its submit button.
    expect(api.get).toBe(1);
    expect(currentUrl()).toBe(issueUrl('preview'));
    expect((screen.getByRole('button', { name: 'Υποβολή' }) as HTMLButtonElement).disabled).toBe(
      false,
    );
  });

  it('speaks the interface language: no_mobile in English', async () => {
    await i18n.changeLanguage('en');
    try {
      await submitPreviewIn('Preview', 'Submit', () =>
        apiError(403, 'no_mobile', 'No certified mobile number was found.'),
      );
      await screen.findByRole('heading', {
        level: 2,
        name: 'The confirmation code cannot be sent',
      });
      const alert = notice('alert', 'The confirmation code cannot be sent');
      expect(
        within(alert).getByText('No certified mobile number was found in your name.'),
      ).toBeTruthy();
      expect(
        within(alert).getByRole('link', { name: 'How to certify my mobile number' }),
      ).toBeTruthy();
    } finally {
      await i18n.changeLanguage('el');
    }
  });

  it('mobile_not_greek: says a Greek mobile is needed', async () => {
    await submitPreview(() =>
      apiError(403, 'mobile_not_greek', 'Χρειάζεται ελληνικός αριθμός κινητού.'),
    );
    const alert = notice('alert', 'Δεν μπορεί να σταλεί ο κωδικός επιβεβαίωσης');
    expect(
      within(alert).getByText(
        'Για την έκδοση χρειάζεται πιστοποιημένος ελληνικός αριθμός κινητού τηλεφώνου.',
      ),
    ).toBeTruthy();
    expect(
      within(alert).getByText(
        'Πιστοποιήστε έναν ελληνικό αριθμό κινητού τηλεφώνου και δοκιμάστε ξανά.',
      ),
    ).toBeTruthy();
    expect(within(alert).queryByRole('link')).toBeNull();
  });

  it('otp_already_sent at the preview: how long to wait, in seconds', async () => {
    await submitPreview(() =>
      apiError(429, 'otp_already_sent', 'Έχουν ήδη σταλεί κωδικοί επιβεβαίωσης στο κινητό σας.', {
        retry_after_seconds: 44.2,
        sends_left: 2,
      }),
    );
    const alert = notice('alert', 'Ο κωδικός έχει ήδη σταλεί');
    expect(
      within(alert).getByText(
        'Περιμένετε λίγο: μπορείτε να ζητήσετε νέο κωδικό σε 45 δευτερόλεπτα.',
      ),
    ).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Υποβολή' })).toBeTruthy();
  });
});

describe('otp_already_sent when asking for a new code', () => {
  async function resend(answer: () => Response) {
    const api = mockDocumentApi(DOCUMENT_ID, { get: requested, action: answer });
    const rendered = renderApp(issueUrl('confirm'));
    await h1('Επιβεβαίωση');
    await rendered.user.type(screen.getByRole('textbox', { name: /Κωδικός επιβεβαίωσης/ }), '12');
    await rendered.user.click(screen.getByRole('button', { name: 'Αποστολή νέου κωδικού' }));
    return { ...rendered, api };
  }

  it('a short wait: in seconds, one second in the singular', async () => {
    const { api } = await resend(() =>
      apiError(429, 'otp_already_sent', 'Έχουν ήδη σταλεί κωδικοί.', {
        retry_after_seconds: 1,
        sends_left: 1,
      }),
    );
    await screen.findByRole('heading', { level: 2, name: 'Ο κωδικός έχει ήδη σταλεί' });
    const alert = notice('alert', 'Ο κωδικός έχει ήδη σταλεί');
    expect(
      within(alert).getByText(
        'Περιμένετε λίγο: μπορείτε να ζητήσετε νέο κωδικό σε 1 δευτερόλεπτο.',
      ),
    ).toBeTruthy();
    expect(api.actions).toEqual([{ action: 'resend_otp', arguments: {} }]);
    // Only a new code was asked for: the partly typed code is still there.
    expect(
      (screen.getByRole('textbox', { name: /Κωδικός επιβεβαίωσης/ }) as HTMLInputElement).value,
    ).toBe('12');
    expect(currentUrl()).toBe(issueUrl('confirm'));
  });

  it('a long wait or no codes left: the server’s own sentence', async () => {
    const sentence =
      'Έχουν ήδη σταλεί κωδικοί επιβεβαίωσης στο κινητό σας. Μπορείτε να ζητήσετε νέο κωδικό σε 3 ώρες.';
    await resend(() =>
      apiError(429, 'otp_already_sent', sentence, { retry_after_seconds: 10_800, sends_left: 0 }),
    );
    await screen.findByRole('heading', { level: 2, name: 'Ο κωδικός έχει ήδη σταλεί' });
    expect(within(notice('alert', 'Ο κωδικός έχει ήδη σταλεί')).getByText(sentence)).toBeTruthy();
  });

  it('a new code sent: the server’s message as a toast, no notice', async () => {
    await resend(() =>
      HttpResponse.json({
        data: { document: requested() },
        message: 'Στάλθηκε νέος κωδικός στο 69******78.',
      }),
    );
    const toasts = screen.getByRole('status', { name: 'Ειδοποιήσεις' });
    expect(await within(toasts).findByText('Στάλθηκε νέος κωδικός στο 69******78.')).toBeTruthy();
    expect(screen.queryByRole('alert')).toBeNull();
  });
});

describe('the code by e-mail (resend_email_otp)', () => {
  async function resendByEmail(answer: () => Response, label = 'Αποστολή του κωδικού με e-mail') {
    const api = mockDocumentApi(DOCUMENT_ID, { get: requested, action: answer });
    const rendered = renderApp(issueUrl('confirm'));
    await screen.findByRole('heading', { level: 1 }, { timeout: 5000 });
    await rendered.user.click(await screen.findByRole('button', { name: label }));
    return { ...rendered, api };
  }

  it('sends it with the action alone; the server’s message as a toast', async () => {
    const { api } = await resendByEmail(() =>
      HttpResponse.json({
        data: { document: requested() },
        message: 'Ο κωδικός στάλθηκε στο maria@example.gr.',
      }),
    );
    const toasts = screen.getByRole('status', { name: 'Ειδοποιήσεις' });
    expect(
      await within(toasts).findByText('Ο κωδικός στάλθηκε στο maria@example.gr.'),
    ).toBeTruthy();
    expect(api.actions).toEqual([{ action: 'resend_email_otp', arguments: {} }]);
    expect(currentUrl()).toBe(issueUrl('confirm'));
  });

  it('no e-mail on record: says so in the interface language', async () => {
    await i18n.changeLanguage('en');
    try {
      await resendByEmail(
        () => apiError(409, 'email_not_set', 'Δεν έχετε δηλώσει e-mail.'),
        'Send the code by e-mail instead',
      );
      expect(
        await screen.findByText('You have no e-mail address on record; ask for the code by SMS.'),
      ).toBeTruthy();
      expect(screen.getByRole('alert')).toBeTruthy();
    } finally {
      await i18n.changeLanguage('el');
    }
  });
});

describe('missing_required_claims', () => {
  it('asks for another login, coming back to this step of this template', async () => {
    const { api } = await submitFields(() =>
      apiError(403, 'missing_required_claims', 'Χρειάζεται σύνδεση με άλλον τρόπο.', {
        claims: ['mobile_certified_login'],
      }),
    );
    await screen.findByRole('heading', {
      level: 2,
      name: 'Απαιτείται σύνδεση με πιστοποιημένο κινητό',
    });
    const alert = notice('alert', 'Απαιτείται σύνδεση με πιστοποιημένο κινητό');
    const login = within(alert).getByRole('link', { name: 'Σύνδεση ξανά' });
    const href = new URL(login.getAttribute('href') ?? '', window.location.origin);
    expect(href.pathname).toBe('/login');
    expect(Object.fromEntries(href.searchParams)).toEqual({
      next: issueUrl('fields'),
      template: 'solemn-declaration',
      provider: 'bank',
    });
    expect(api.get).toBe(1);
    expect(screen.getByRole('button', { name: 'Συνέχεια' })).toBeTruthy();
  });

  it('on opening the page: the notice instead of the step', async () => {
    mockDocumentApi(DOCUMENT_ID, {
      get: () =>
        apiError(403, 'missing_required_claims', 'Χρειάζεται σύνδεση με άλλον τρόπο.', {
          claims: ['gsis_login'],
        }),
    });
    renderApp(issueUrl('fields'));
    await screen.findByRole('heading', {
      level: 2,
      name: 'Απαιτείται σύνδεση με κωδικούς Taxisnet',
    });
    expect(screen.queryByRole('heading', { level: 1, name: 'Στοιχεία δήλωσης' })).toBeNull();
    const login = screen.getByRole('link', { name: 'Σύνδεση ξανά' });
    expect(
      new URL(login.getAttribute('href') ?? '', window.location.origin).searchParams.get('next'),
    ).toBe(issueUrl('fields'));
  });
});

describe('other refusals', () => {
  it('a known code: its message from the catalogue, the input kept', async () => {
    const { user, statement } = await submitFields(() =>
      apiError(403, 'template_not_accessible', 'Δεν έχετε πρόσβαση.'),
    );
    await screen.findByRole('heading', { level: 2, name: 'Υπάρχει κάποιο πρόβλημα' });
    const alert = notice('alert', 'Υπάρχει κάποιο πρόβλημα');
    expect(within(alert).getByText('Δεν έχετε πρόσβαση σε αυτό το έγγραφο.')).toBeTruthy();
    expect(statement.value).toBe(STATEMENT);
    expect(currentUrl()).toBe(issueUrl('fields'));
    await expectUsable(user);
  });

  it('an unknown code: that the save failed', async () => {
    await submitFields(() => apiError(422, 'something_new', 'Κάτι καινούργιο.'));
    await screen.findByRole('heading', { level: 2, name: 'Υπάρχει κάποιο πρόβλημα' });
    expect(
      within(notice('alert', 'Υπάρχει κάποιο πρόβλημα')).getByText(
        'Δεν ήταν δυνατή η αποθήκευση. Δοκιμάστε ξανά.',
      ),
    ).toBeTruthy();
  });

  it('no connection: that the save failed, and it can be sent again', async () => {
    const { user, statement } = await submitFields(() => HttpResponse.error());
    await screen.findByRole('heading', { level: 2, name: 'Υπάρχει κάποιο πρόβλημα' });
    expect(
      within(notice('alert', 'Υπάρχει κάποιο πρόβλημα')).getByText(
        'Δεν ήταν δυνατή η αποθήκευση. Δοκιμάστε ξανά.',
      ),
    ).toBeTruthy();
    expect(statement.value).toBe(STATEMENT);
    await expectUsable(user);
  });

  it('a notice goes when the step is sent again', async () => {
    const { user } = await submitFields(() => apiError(422, 'something_new', 'Κάτι καινούργιο.'));
    await screen.findByRole('heading', { level: 2, name: 'Υπάρχει κάποιο πρόβλημα' });
    await user.click(screen.getByRole('button', { name: 'Συνέχεια' }));
    await h1('Παραλήπτης');
    expect(screen.queryByRole('heading', { level: 2, name: 'Υπάρχει κάποιο πρόβλημα' })).toBeNull();
  });
});

describe("a service's codes, where the catalogue places them (spec section 8)", () => {
  it('a page code: the refusal instead of the form, with a way on', async () => {
    await submitFields(() =>
      apiError(409, 'bucket_out_of_vouchers', 'The programme has run out of vouchers.'),
    );
    await screen.findByRole('heading', { level: 2, name: 'Η αίτηση δεν μπορεί να προχωρήσει' });
    const alert = notice('alert', 'Η αίτηση δεν μπορεί να προχωρήσει');
    expect(
      within(alert).getByText('Εξαντλήθηκαν οι διαθέσιμες επιταγές του προγράμματος.'),
    ).toBeTruthy();
    expect(
      screen.getByRole('heading', { level: 1, name: 'Υπεύθυνη δήλωση (άρθρο 8 Ν.1599/1986)' }),
    ).toBeTruthy();
    // No form to send again: the service refuses the request itself.
    expect(screen.queryByRole('button', { name: 'Συνέχεια' })).toBeNull();
    expect(
      screen.getByRole('link', { name: 'Αναζήτηση άλλης υπηρεσίας' }).getAttribute('href'),
    ).toBe('/templates');
  });

  it('a toast code: the message as a toast, the input kept and the step usable', async () => {
    const { user, statement } = await submitFields(() =>
      apiError(400, 'interop_clienterror', 'Temporary problem.'),
    );
    // Error toasts are announced at once (aria-live assertive), apart from the polite ones.
    const toasts = screen.getByRole('status', { name: 'Ειδοποιήσεις' })
      .parentElement as HTMLElement;
    expect(
      await within(toasts).findByText(
        'Προσωρινό πρόβλημα επικοινωνίας με το μητρώο. Δοκιμάστε ξανά.',
      ),
    ).toBeTruthy();
    expect(screen.queryByRole('heading', { level: 2, name: 'Υπάρχει κάποιο πρόβλημα' })).toBeNull();
    expect(statement.value).toBe(STATEMENT);
    await expectUsable(user);
  });
});

describe('errors the page cannot explain go to the error pages', () => {
  /**
   * React and the error boundary report the error on the console: expected here, so the tests
   * silence console.error, and then check it said nothing else (an unmocked request included).
   */
  function expectReported(code: string) {
    const calls = vi.mocked(console.error).mock.calls;
    expect(calls.length).toBeGreaterThan(0);
    for (const call of calls) {
      expect(call.some((value) => (value as { code?: unknown } | null)?.code === code)).toBe(true);
    }
  }

  it('a document that is not (or no longer) there: not found', async () => {
    vi.mocked(console.error).mockImplementation(() => {});
    await submitFields(() =>
      apiError(404, 'document_api__declaration_not_found', 'Το έγγραφο δεν βρέθηκε.'),
    );
    await h1('Η σελίδα δεν βρέθηκε');
    expect(screen.queryByRole('button', { name: 'Συνέχεια' })).toBeNull();
    expectReported('document_api__declaration_not_found');
  });

  it('a server failure: the generic error page, which says nothing saved was lost', async () => {
    vi.mocked(console.error).mockImplementation(() => {});
    await submitFields(() => apiError(500, 'internal_error', 'Παρουσιάστηκε σφάλμα.'));
    await h1('Λυπούμαστε, παρουσιάστηκε σφάλμα');
    expect(
      screen.getByText(
        'Κάτι πήγε στραβά και δεν μπορέσαμε να ολοκληρώσουμε το αίτημά σας. Ό,τι είχατε ήδη αποθηκεύσει δεν έχει χαθεί.',
      ),
    ).toBeTruthy();
    expectReported('internal_error');
  });

  it('opening a document that is not there: not found, asked for once', async () => {
    vi.mocked(console.error).mockImplementation(() => {});
    const api = mockDocumentApi(DOCUMENT_ID, {
      get: () => apiError(404, 'document_api__declaration_not_found', 'Το έγγραφο δεν βρέθηκε.'),
    });
    renderApp(issueUrl('fields'));
    await h1('Η σελίδα δεν βρέθηκε');
    await settle();
    expect(api.get).toBe(1);
    expectReported('document_api__declaration_not_found');
  });
});

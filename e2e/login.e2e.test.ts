import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { newPage, screenshot, seriousAccessibilityViolations, useAppAndBrowser } from './harness';

/** Picks a demo person on the built-in identity provider's development page. */
async function pickDemoPerson(page: Page, name: RegExp) {
  await page.getByRole('button', { name }).click();
}

describe('login through the built-in identity provider', () => {
  const ctx = useAppAndBrowser();

  it('a citizen logs in and lands on next', async () => {
    const { context, page, consoleErrors } = await newPage(ctx.browser);
    const apiCalls: URL[] = [];
    page.on('request', (request) => {
      const url = new URL(request.url());
      if (url.pathname === '/api/login' || url.pathname === '/api/token') apiCalls.push(url);
    });
    await page.goto(`${ctx.app.baseUrl}/my/personal-details`);
    await page.waitForURL(/\/login\?next=%2Fmy%2Fpersonal-details/);
    expect(await seriousAccessibilityViolations(page)).toEqual([]);
    await page.getByRole('link', { name: 'Σύνδεση μέσω τράπεζας (web banking)' }).click();
    await expect.poll(() => page.getByText('TEST').first().isVisible()).toBe(true);
    await pickDemoPerson(page, /ΜΑΡΙΑ ΠΑΠΑΔΟΠΟΥΛΟΥ/);
    await page.waitForURL(`${ctx.app.baseUrl}/my/personal-details`);
    await expect
      .poll(() => page.getByRole('heading', { level: 1 }).textContent())
      .toBe('Τα στοιχεία μου');
    await expect.poll(() => page.getByText('100000015').first().isVisible()).toBe(true);
    // The single-use code never stays in the address bar or history.
    expect(page.url()).not.toContain('code=');
    // The login was bound to this page: a challenge at the start, its verifier at the exchange
    // (checked by the server), then forgotten.
    const start = apiCalls.find((url) => url.pathname === '/api/login');
    const exchange = apiCalls.find((url) => url.pathname === '/api/token');
    expect(start?.searchParams.get('verifier_challenge')).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(exchange?.searchParams.get('verifier')).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(await page.evaluate(() => sessionStorage.getItem('dilosi.login_verifier'))).toBeNull();
    expect(await seriousAccessibilityViolations(page)).toEqual([]);

    await page.goto(`${ctx.app.baseUrl}/`);
    await expect
      .poll(() => page.getByRole('heading', { level: 1 }).textContent())
      .toBe('Καλώς ήρθατε, ΜΑΡΙΑ ΠΑΠΑΔΟΠΟΥΛΟΥ');
    expect(await page.getByRole('link', { name: 'Η θυρίδα μου' }).isVisible()).toBe(true);
    expect(await seriousAccessibilityViolations(page)).toEqual([]);
    await screenshot(page, 'citizen-home-el');
    expect(consoleErrors).toEqual([]);
    await context.close();
  });

  it('after logout, the back button shows nothing private', async () => {
    const { context, page } = await newPage(ctx.browser);
    await page.goto(`${ctx.app.baseUrl}/login?next=%2Fmy%2Fpersonal-details`);
    // Web banking certifies the mobile, so no onboarding question comes first.
    await page.getByRole('link', { name: 'Σύνδεση μέσω τράπεζας (web banking)' }).click();
    await pickDemoPerson(page, /ΜΑΡΙΑ ΠΑΠΑΔΟΠΟΥΛΟΥ/);
    await page.waitForURL(`${ctx.app.baseUrl}/my/personal-details`);
    await expect.poll(() => page.getByText('100000015').first().isVisible()).toBe(true);
    const token = await page.evaluate(
      () => JSON.parse(localStorage.getItem('dilosi.session') ?? '{}').token as string,
    );

    // Move on inside the app, then log out there.
    await page.getByRole('link', { name: 'Υπεύθυνη Δήλωση και Εξουσιοδότηση' }).click();
    await expect
      .poll(() => page.getByRole('heading', { level: 1 }).textContent())
      .toBe('Καλώς ήρθατε, ΜΑΡΙΑ ΠΑΠΑΔΟΠΟΥΛΟΥ');
    await page.getByRole('button', { name: 'Αποσύνδεση' }).click();
    await expect
      .poll(() => page.getByRole('heading', { level: 1 }).textContent())
      .toBe('Υπεύθυνη Δήλωση και Εξουσιοδότηση');
    expect(await page.evaluate(() => localStorage.getItem('dilosi.session'))).toBeNull();
    await page.goBack();
    await expect.poll(() => page.url()).toMatch(/\/login\?next=%2Fmy%2Fpersonal-details/);
    expect(await page.getByText('100000015').count()).toBe(0);

    // The session is revoked on the server too, not only forgotten by the browser.
    const me = await fetch(`${ctx.app.baseUrl}/api/users/me`, {
      headers: { authorization: `Bearer ${token}` },
    });
    expect(me.status).toBe(401);
    expect((await me.json()).error.code).toBe('invalid_token');
    await context.close();
  });

  it('an admin lands on /dashboard', async () => {
    const { context, page } = await newPage(ctx.browser);
    await page.goto(`${ctx.app.baseUrl}/dashboard-login`);
    await page.getByRole('link', { name: 'Σύνδεση με κωδικούς Δημόσιας Διοίκησης' }).click();
    await pickDemoPerson(page, /ΚΩΝΣΤΑΝΤΙΝΟΣ ΙΩΑΝΝΙΔΗΣ/);
    // /dashboard sends an admin on to the entities list.
    await page.waitForURL(`${ctx.app.baseUrl}/dashboard/entities/list`);
    await expect
      .poll(() => page.getByRole('link', { name: 'Πίνακας φορέων' }).isVisible())
      .toBe(true);
    await context.close();
  });

  it('a refused login shows its error code on the login page', async () => {
    const { context, page } = await newPage(ctx.browser);
    await page.goto(`${ctx.app.baseUrl}/login`);
    await page.getByRole('link', { name: 'Σύνδεση με κωδικούς Taxisnet' }).click();
    await pickDemoPerson(page, /ΕΛΕΝΗ ΚΩΝΣΤΑΝΤΙΝΙΔΟΥ/);
    await page.waitForURL(/error_code=vatin_deactivated/);
    await expect
      .poll(() => page.getByRole('alert').textContent())
      .toContain('Υπάρχει κάποιο πρόβλημα (vatin_deactivated)');
    expect(await seriousAccessibilityViolations(page)).toEqual([]);
    await context.close();
  });

  it('a login code that is too short goes back to login with invalid_code_len', async () => {
    const { context, page } = await newPage(ctx.browser);
    await page.goto(`${ctx.app.baseUrl}/login/token#code=short`);
    await page.waitForURL(/\/login\?error_code=invalid_code_len/);
    await page.goto(`${ctx.app.baseUrl}/login/token`);
    await page.waitForURL(/\/login\?error_code=no_code/);
    await context.close();
  });
});

describe('an expired session', () => {
  // Idle sessions expire after 2 s in this instance only.
  const ctx = useAppAndBrowser({ SESSION_IDLE_SECONDS: '2' });

  it('sends back to /login keeping next, with the expiry message', async () => {
    const { context, page } = await newPage(ctx.browser, { locale: 'el-GR' });
    await page.goto(`${ctx.app.baseUrl}/login?next=%2Fmy%2Fpersonal-details`);
    // Web banking certifies the mobile, so no onboarding question comes first.
    await page.getByRole('link', { name: 'Σύνδεση μέσω τράπεζας (web banking)' }).click();
    await pickDemoPerson(page, /ΜΑΡΙΑ ΠΑΠΑΔΟΠΟΥΛΟΥ/);
    await page.waitForURL(`${ctx.app.baseUrl}/my/personal-details`);
    await expect.poll(() => page.getByText('100000015').first().isVisible()).toBe(true);

    // Let the idle limit pass, then come back to a private page.
    await new Promise((resolve) => setTimeout(resolve, 3_000));
    await page.goto(`${ctx.app.baseUrl}/my/personal-details`);
    await page.waitForURL(/\/login\?next=%2Fmy%2Fpersonal-details&error_code=invalid_token/);
    await expect
      .poll(() => page.getByRole('alert').textContent())
      .toContain('Η συνεδρία σας στην εφαρμογή έληξε');
    expect(await page.evaluate(() => localStorage.getItem('dilosi.session'))).toBeNull();
    await context.close();
  });
});

describe('mobile onboarding', () => {
  const ctx = useAppAndBrowser();

  it('asks a citizen without a certified mobile, requires a choice, then continues to next', async () => {
    const { context, page } = await newPage(ctx.browser);
    await page.goto(`${ctx.app.baseUrl}/login?next=%2Fmy%2Fpersonal-details`);
    await page.getByRole('link', { name: 'Σύνδεση με κωδικούς Taxisnet' }).click();
    await pickDemoPerson(page, /ΝΙΚΟΛΑΟΣ ΓΕΩΡΓΙΟΥ/);
    await expect.poll(() => page.url()).toContain('/consent?next=%2Fmy%2Fpersonal-details');
    await expect
      .poll(() => page.getByRole('heading', { level: 1 }).textContent())
      .toBe('Κινητό τηλέφωνο');
    expect(await seriousAccessibilityViolations(page)).toEqual([]);

    await page.getByRole('button', { name: 'Συνέχεια' }).click();
    await expect
      .poll(() => page.getByRole('alert').textContent())
      .toContain('Επιλέξτε μία απάντηση');
    await page.getByLabel('Όχι, όχι τώρα').check();
    await page.getByRole('button', { name: 'Συνέχεια' }).click();
    await expect.poll(() => page.url()).toBe(`${ctx.app.baseUrl}/my/personal-details`);
    await expect.poll(() => page.getByText('100000027').first().isVisible()).toBe(true);
    await context.close();
  });

  it('shows attribute_not_validated on the mobile field when the number is not the certified one', async () => {
    const { context, page } = await newPage(ctx.browser);
    await page.goto(`${ctx.app.baseUrl}/login?next=%2Fconsent`);
    await page.getByRole('link', { name: 'Σύνδεση μέσω τράπεζας (web banking)' }).click();
    await pickDemoPerson(page, /ΜΑΡΙΑ ΠΑΠΑΔΟΠΟΥΛΟΥ/);
    await expect
      .poll(() => page.getByRole('heading', { level: 1 }).textContent())
      .toBe('Κινητό τηλέφωνο');
    await page.getByLabel('Ναι, θα χρησιμοποιήσω τον αριθμό κινητού μου').check();
    const mobile = page.getByLabel('Αριθμός κινητού τηλεφώνου');
    await mobile.fill('6900000001');
    await page.getByRole('button', { name: 'Συνέχεια' }).click();
    await expect
      .poll(() => page.getByRole('alert').textContent())
      .toContain(
        'Ο αριθμός δεν ταιριάζει με τον πιστοποιημένο αριθμό κινητού του λογαριασμού σας.',
      );
    expect(await mobile.getAttribute('aria-invalid')).toBe('true');
    await context.close();
  });
});

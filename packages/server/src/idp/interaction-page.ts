import type { Person } from '../db/schema';
import type { LoginProvider } from '../modules/auth';
import { demoStaff } from '../seed/demo-staff';

const escapeHtml = (value: string) =>
  value.replace(
    /[&<>"']/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] ?? c,
  );

const TITLES: Record<LoginProvider, { el: string; en: string }> = {
  gsis: {
    el: 'Σύνδεση με κωδικούς Taxisnet',
    en: 'Log in with tax-authority (Taxisnet) credentials',
  },
  bank: {
    el: 'Σύνδεση μέσω web banking',
    en: 'Log in through web banking',
  },
  gsis_admin: {
    el: 'Σύνδεση με κωδικούς Δημόσιας Διοίκησης',
    en: 'Log in with public-administration credentials',
  },
  anon: { el: 'Ανώνυμη χρήση', en: 'Anonymous use' },
};

/** One line about each demo person, so a tester knows which case each one is. */
function describePerson(person: Person): { el: string; en: string } {
  const staff = demoStaff.find((s) => s.afm === person.afm);
  if (staff) return staff.label;
  if (!person.is_natural_person) {
    return { el: 'Νομικό πρόσωπο (εταιρικός λογαριασμός)', en: 'Legal entity (corporate account)' };
  }
  if (person.tax_status === 'deceased') return { el: 'Αποβιώσας', en: 'Deceased' };
  if (person.tax_status === 'deactivated') {
    return { el: 'Απενεργοποιημένος ΑΦΜ', en: 'Deactivated tax number' };
  }
  if (!person.mobile) return { el: 'Πολίτης χωρίς κινητό', en: 'Citizen without a mobile' };
  if (person.mobile_certified) {
    return {
      el: `Πολίτης, πιστοποιημένο κινητό ${person.mobile}`,
      en: `Citizen, certified mobile ${person.mobile}`,
    };
  }
  return {
    el: `Πολίτης, μη πιστοποιημένο κινητό ${person.mobile}`,
    en: `Citizen, mobile ${person.mobile} not certified`,
  };
}

function layout(title: string, body: string): string {
  return `<!doctype html>
<html lang="el">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex">
<title>${escapeHtml(title)} — TEST</title>
<link rel="stylesheet" href="/idp/assets/idp.css">
</head>
<body>
<header class="idp-header">
<span class="idp-test-tag" title="Περιβάλλον δοκιμών / Test environment">TEST</span>
<div>
<p class="idp-service">Dilosi — πάροχος ταυτότητας δοκιμών</p>
<p class="idp-service-en" lang="en">Development identity provider</p>
</div>
</header>
<main class="idp-main">
${body}
</main>
</body>
</html>`;
}

export type InteractionPageInput = {
  uid: string;
  provider: LoginProvider;
  persons: Person[];
  error?: string;
  typed?: { afm?: string; firstname?: string; surname?: string };
};

/** The demo-user picker: plainly a development page, Greek first, no script and no inline style. */
export function renderInteractionPage(input: InteractionPageInput): string {
  const title = TITLES[input.provider];
  const action = `/idp/interaction/${encodeURIComponent(input.uid)}`;
  const error = input.error
    ? `<div class="idp-error" role="alert">${escapeHtml(input.error)}</div>`
    : '';
  const warning = `<div class="idp-warning" role="note">
<p><strong>Σελίδα δοκιμών.</strong> Δεν είναι η πραγματική σύνδεση της υπηρεσίας: επιλέξτε ένα δοκιμαστικό πρόσωπο.</p>
<p lang="en">Development page, not the real login: pick a demo person.</p>
</div>`;
  const cancel = `<form method="post" action="${action}/abort" class="idp-cancel">
<button type="submit" class="idp-button idp-button-secondary">Ακύρωση <span lang="en">/ Cancel</span></button>
</form>`;

  if (input.provider === 'anon') {
    return layout(
      title.el,
      `<h1>${escapeHtml(title.el)}</h1>
<p class="idp-en" lang="en">${escapeHtml(title.en)}</p>
${warning}${error}
<form method="post" action="${action}/login">
<input type="hidden" name="mode" value="anonymous">
<button type="submit" class="idp-button">Συνέχεια ανώνυμα <span lang="en">/ Continue anonymously</span></button>
</form>
${cancel}`,
    );
  }

  const people = input.persons
    .map((person) => {
      const about = describePerson(person);
      return `<li><button type="submit" name="afm" value="${escapeHtml(person.afm)}" class="idp-person">
<span class="idp-person-name">${escapeHtml(`${person.firstname} ${person.surname}`)}</span>
<span class="idp-person-afm">ΑΦΜ ${escapeHtml(person.afm)}</span>
<span class="idp-person-about">${escapeHtml(about.el)} <span lang="en">· ${escapeHtml(about.en)}</span></span>
</button></li>`;
    })
    .join('\n');
  const typed = input.typed ?? {};
  const field = (name: string, label: string, en: string, value = '', extra = '') =>
    `<div class="idp-field">
<label for="idp-${name}">${escapeHtml(label)} <span lang="en">/ ${escapeHtml(en)}</span></label>
<input id="idp-${name}" name="${name}" type="text" value="${escapeHtml(value)}" autocomplete="off" required ${extra}>
</div>`;

  return layout(
    title.el,
    `<h1>${escapeHtml(title.el)}</h1>
<p class="idp-en" lang="en">${escapeHtml(title.en)}</p>
${warning}${error}
<h2>Δοκιμαστικά πρόσωπα <span lang="en">/ Demo persons</span></h2>
<form method="post" action="${action}/login">
<input type="hidden" name="mode" value="person">
<ul class="idp-people">
${people}
</ul>
</form>
<details class="idp-typed"${input.typed ? ' open' : ''}>
<summary>Άλλος ΑΦΜ <span lang="en">/ Another tax number</span></summary>
<p>Ο πάροχος θα δηλώσει ό,τι γράψετε· η υπηρεσία θα το ελέγξει στο μητρώο. <span lang="en">The provider asserts what you type; the service checks it against the registry.</span></p>
<form method="post" action="${action}/login">
<input type="hidden" name="mode" value="typed">
${field('afm', 'ΑΦΜ', 'Tax number', typed.afm, 'inputmode="numeric" maxlength="9"')}
${field('firstname', 'Όνομα', 'First name', typed.firstname, 'maxlength="100"')}
${field('surname', 'Επώνυμο', 'Surname', typed.surname, 'maxlength="100"')}
<button type="submit" class="idp-button">Σύνδεση <span lang="en">/ Log in</span></button>
</form>
</details>
${cancel}`,
  );
}

/** A page for what cannot go on (expired interaction, provider error). */
export function renderMessagePage(heading: { el: string; en: string }, details?: string): string {
  return layout(
    heading.el,
    `<h1>${escapeHtml(heading.el)}</h1>
<p class="idp-en" lang="en">${escapeHtml(heading.en)}</p>
${details ? `<p class="idp-details"><code>${escapeHtml(details)}</code></p>` : ''}
<p><a href="/login">Επιστροφή στη σύνδεση <span lang="en">/ Back to login</span></a></p>`,
  );
}

import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { documentWithFields, makeField, text } from './testing/factories';
import { lastSubmission, pressContinue, renderStep } from './testing/render-step';

describe('link', () => {
  it('renders a link to component-params.href', () => {
    renderStep(
      documentWithFields([
        makeField({
          key: 'info',
          component: 'link',
          label: text('Οδηγίες συμπλήρωσης'),
          'component-params': { href: 'https://www.gov.gr/odigies' },
        }),
      ]),
    );
    const link = screen.getByRole('link', { name: 'Οδηγίες συμπλήρωσης' });
    expect(link.getAttribute('href')).toBe('https://www.gov.gr/odigies');
  });

  it('never links to a script', () => {
    renderStep(
      documentWithFields([
        makeField({
          key: 'info',
          component: 'link',
          label: text('Σύνδεσμος'),
          'component-params': { href: 'javascript:alert(1)' },
        }),
      ]),
    );
    expect(screen.queryByRole('link')).toBeNull();
    expect(screen.getByText('Σύνδεσμος')).toBeTruthy();
  });
});

describe('qrcode', () => {
  it('shows what the code will encode, filled from the values', () => {
    renderStep(
      documentWithFields([
        makeField({ key: 'afm', component: 'afm', label: text('ΑΦΜ'), value: '094014201' }),
        makeField({
          key: 'code',
          component: 'qrcode',
          label: text('Κωδικός QR'),
          'component-params': { content: 'https://dilosi.gov.gr/show/{{afm}}' },
        }),
      ]),
    );
    const figure = screen.getByRole('figure', { name: /Κωδικός QR/ });
    expect(within(figure).getByText('https://dilosi.gov.gr/show/094014201')).toBeTruthy();
  });
});

describe('diff', () => {
  it('shows two values side by side and marks the words that differ', () => {
    renderStep(
      documentWithFields([
        makeField({
          key: 'old_address',
          component: 'string',
          label: text('Παλιά διεύθυνση'),
          value: 'Πανεπιστημίου 10 Αθήνα',
          editable: false,
        }),
        makeField({
          key: 'new_address',
          component: 'string',
          label: text('Νέα διεύθυνση'),
          value: 'Πανεπιστημίου 12 Αθήνα',
        }),
        makeField({
          key: 'changes',
          component: 'diff',
          label: text('Αλλαγές'),
          'component-params': { compare: ['old_address', 'new_address'] },
        }),
      ]),
    );
    const region = screen.getByRole('region', { name: 'Αλλαγές' });
    expect(
      within(region).getByText('Οι τιμές διαφέρουν. Οι διαφορές επισημαίνονται.'),
    ).toBeTruthy();
    const marks = [...region.querySelectorAll('mark')].map((mark) => mark.firstChild?.textContent);
    expect(marks).toEqual(['10', '12']);
  });
});

describe('notice', () => {
  it('renders a warning with its text', () => {
    renderStep(
      documentWithFields([
        makeField({
          key: 'warn',
          component: 'notice',
          label: text('Η ψευδής δήλωση διώκεται ποινικά.'),
          'component-params': { variant: 'warning' },
        }),
      ]),
    );
    expect(screen.getByText('Η ψευδής δήλωση διώκεται ποινικά.')).toBeTruthy();
    expect(screen.getByText(/Προειδοποίηση/)).toBeTruthy();
  });

  it('renders an info notice as a labelled region', () => {
    renderStep(
      documentWithFields([
        makeField({ key: 'info', component: 'notice', label: text('Κρατήστε τον κωδικό.') }),
      ]),
    );
    const region = screen.getByRole('region', { name: 'Σημαντικό' });
    expect(within(region).getByText('Κρατήστε τον κωδικό.')).toBeTruthy();
  });
});

describe('image', () => {
  const PNG =
    'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==';

  it('shows a base64 data: URI', () => {
    renderStep(
      documentWithFields([
        makeField({
          key: 'logo',
          component: 'image',
          label: text('Λογότυπο'),
          'component-params': { src: `data:image/png;base64,${PNG}`, alt: text('Λογότυπο φορέα') },
        }),
      ]),
    );
    const image = screen.getByRole('img', { name: 'Λογότυπο φορέα' });
    expect(image.getAttribute('src')).toBe(`data:image/png;base64,${PNG}`);
    expect(image.getAttribute('width')).toBe('200');
  });

  it('takes the type of bare base64 from its first character', () => {
    renderStep(
      documentWithFields([
        makeField({
          key: 'logo',
          component: 'image',
          label: text('Λογότυπο'),
          'component-params': { src: PNG },
        }),
      ]),
    );
    expect(screen.getByRole('img', { name: 'Λογότυπο' }).getAttribute('src')).toBe(
      `data:image/png;base64,${PNG}`,
    );
  });

  it('reports any other encoding as a technical error', () => {
    renderStep(
      documentWithFields([
        makeField({
          key: 'logo',
          component: 'image',
          label: text('Λογότυπο'),
          'component-params': { src: 'data:image/svg+xml;utf8,<svg/>' },
        }),
      ]),
    );
    expect(screen.queryByRole('img')).toBeNull();
    expect(screen.getByText('Image encoding other than base64 is not implemented')).toBeTruthy();
  });
});

describe('dynamic_text', () => {
  it('fills {{key}} from the current form values', async () => {
    const { user, onSubmit } = renderStep(
      documentWithFields([
        makeField({ key: 'firstname', component: 'string', label: text('Όνομα') }),
        makeField({
          key: 'greeting',
          component: 'dynamic_text',
          label: text('Χαιρετισμός'),
          'component-params': { template: text('Ο/Η **{{firstname}}** δηλώνει ότι…') },
        }),
      ]),
    );
    await user.type(screen.getByLabelText('Όνομα'), 'Μαρία');
    const strong = screen.getByText('Μαρία', { selector: 'strong' });
    expect(strong.parentElement?.textContent).toBe('Ο/Η Μαρία δηλώνει ότι…');
    await pressContinue(user);
    // Display-only components carry no value.
    expect(lastSubmission(onSubmit).statements).toEqual({ firstname: 'Μαρία' });
  });
});

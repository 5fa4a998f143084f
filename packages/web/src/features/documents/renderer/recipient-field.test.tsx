import { screen, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { server } from '../../../testing/setup';
import { documentWithFields, makeField, text } from './testing/factories';
import {
  expectFieldError,
  expectGroupError,
  lastSubmission,
  pressContinue,
  renderStep,
} from './testing/render-step';

const ENTITIES = [
  {
    codename: 'dimos_athinaion',
    name: text('Δήμος Αθηναίων', 'Municipality of Athens', 'Ville d’Athènes'),
  },
  { codename: 'dimos_ellinikou', name: text('Δήμος Ελληνικού') },
];

function mockSearch() {
  const queries: string[] = [];
  server.use(
    http.get('/api/recipients', ({ request }) => {
      const query = new URL(request.url).searchParams.get('q') ?? '';
      queries.push(query);
      return HttpResponse.json({ data: query.startsWith('Δήμ') ? ENTITIES : [] });
    }),
  );
  return queries;
}

const doc = (value?: unknown) =>
  documentWithFields([
    makeField({
      key: 'recipient',
      component: 'recipient',
      label: text('Παραλήπτης'),
      ...(value ? { value } : {}),
    }),
  ]);

const wait = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe('recipient', () => {
  it('renders a search box with its hint inside the recipient group', () => {
    renderStep(doc());
    const group = screen.getByRole('group', { name: 'Παραλήπτης' });
    const search = within(group).getByRole('searchbox', { name: 'Αναζήτηση φορέα' });
    expect(search.getAttribute('aria-describedby')).toBeTruthy();
    expect(
      screen.getByText('Πληκτρολογήστε τουλάχιστον 3 χαρακτήρες από το όνομα του φορέα.'),
    ).toBeTruthy();
    expect(within(group).getByRole('radio', { name: 'Άλλος παραλήπτης' })).toBeTruthy();
  });

  it('sends no request under 3 characters', async () => {
    const queries = mockSearch();
    const { user } = renderStep(doc());
    await user.type(screen.getByRole('searchbox', { name: 'Αναζήτηση φορέα' }), 'Δή');
    await wait(400);
    expect(queries).toEqual([]);
    expect(screen.queryAllByRole('radio')).toHaveLength(1);
  });

  it('searches once typing pauses and the chosen result becomes the value', async () => {
    const queries = mockSearch();
    const { user, onSubmit } = renderStep(doc());
    await user.type(screen.getByRole('searchbox', { name: 'Αναζήτηση φορέα' }), 'Δήμος');
    await user.click(await screen.findByRole('radio', { name: 'Δήμος Αθηναίων' }));
    expect(queries).toEqual(['Δήμος']);
    await pressContinue(user);
    expect(lastSubmission(onSubmit).statements).toEqual({
      recipient: { type: 'entity', codename: 'dimos_athinaion', name: ENTITIES[0]?.name },
    });
  });

  it('says when nothing matches', async () => {
    mockSearch();
    const { user } = renderStep(doc());
    await user.type(screen.getByRole('searchbox', { name: 'Αναζήτηση φορέα' }), 'xyz');
    expect(await screen.findByText('Δεν βρέθηκε φορέας για «xyz».')).toBeTruthy();
  });

  it('keeps offering the stored recipient', () => {
    renderStep(doc({ type: 'entity', codename: 'dimos_ellinikou', name: ENTITIES[1]?.name }));
    expect(screen.getByRole<HTMLInputElement>('radio', { name: 'Δήμος Ελληνικού' }).checked).toBe(
      true,
    );
  });

  it('requires a recipient', async () => {
    const { user } = renderStep(doc());
    await pressContinue(user);
    expectGroupError(screen.getByRole('group', { name: 'Παραλήπτης' }), 'Επιλέξτε παραλήπτη');
    expectFieldError(
      screen.getByRole('searchbox', { name: 'Αναζήτηση φορέα' }),
      'Επιλέξτε παραλήπτη',
    );
  });

  it('another recipient: a required name and an optional e-mail', async () => {
    const { user, onSubmit } = renderStep(doc());
    await user.click(screen.getByRole('radio', { name: 'Άλλος παραλήπτης' }));
    await pressContinue(user);
    const name = screen.getByRole('textbox', { name: 'Ονοματεπώνυμο ή επωνυμία παραλήπτη' });
    expectFieldError(name, 'Ο παραλήπτης δεν είναι έγκυρος');
    await user.type(name, 'Γεώργιος Παπαδόπουλος');
    const email = screen.getByRole('textbox', {
      name: 'Διεύθυνση ηλεκτρονικού ταχυδρομείου παραλήπτη (προαιρετικό)',
    });
    await user.type(email, 'georgios@');
    await pressContinue(user);
    expectFieldError(email, 'Η διεύθυνση ηλεκτρονικού ταχυδρομείου δεν είναι έγκυρη');
    await user.type(email, 'example.gr');
    await pressContinue(user);
    expect(lastSubmission(onSubmit).statements).toEqual({
      recipient: { type: 'custom', name: 'Γεώργιος Παπαδόπουλος', email: 'georgios@example.gr' },
    });
  });

  it('another recipient without e-mail', async () => {
    const { user, onSubmit } = renderStep(doc());
    await user.click(screen.getByRole('radio', { name: 'Άλλος παραλήπτης' }));
    await user.type(
      screen.getByRole('textbox', { name: 'Ονοματεπώνυμο ή επωνυμία παραλήπτη' }),
      'Τράπεζα',
    );
    await pressContinue(user);
    expect(lastSubmission(onSubmit).statements).toEqual({
      recipient: { type: 'custom', name: 'Τράπεζα' },
    });
  });
});

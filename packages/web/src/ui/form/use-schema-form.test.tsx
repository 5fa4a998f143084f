import {
  caseNoteFormSchema,
  ENTITY_ROLES,
  newStaffFormSchema,
  type EntityRole,
  type NewStaff,
} from '@dilosi/domain';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { ErrorSummary } from './error-summary';
import { FieldGroup } from './field';
import { RadioGroup } from './choice-controls';
import { Textarea, TextInput } from './text-controls';
import { useSchemaForm } from './use-schema-form';

/** The add-staff form on the domain's schema, with or without an error summary. */
function StaffForm({
  onValid,
  hasSummary,
}: {
  onValid: (body: NewStaff) => void;
  hasSummary: boolean;
}) {
  const { attachSummary, ...form } = useSchemaForm({
    schema: newStaffFormSchema,
    initialValues: { firstname: '', surname: '', afm: '', role: 'clerk' as EntityRole },
    idPrefix: 'staff',
    onValid,
  });
  const role = form.field('role');
  return (
    <>
      {hasSummary && form.summary.length > 0 ? (
        <ErrorSummary ref={attachSummary} title="Υπάρχει κάποιο πρόβλημα" items={form.summary} />
      ) : null}
      <form onSubmit={form.handleSubmit} noValidate>
        <TextInput label="Όνομα" {...form.input('firstname')} />
        <TextInput label="Επώνυμο" {...form.input('surname')} />
        <TextInput label="ΑΦΜ" hint="9 ψηφία" inputMode="numeric" {...form.input('afm')} />
        <FieldGroup id={role.id} legend="Ρόλος" error={role.error}>
          <RadioGroup {...role} options={ENTITY_ROLES.map((value) => ({ value, label: value }))} />
        </FieldGroup>
        <button type="submit">Προσθήκη</button>
      </form>
    </>
  );
}

function setup(hasSummary = false) {
  const onValid = vi.fn<(body: NewStaff) => void>();
  const user = userEvent.setup();
  render(<StaffForm onValid={onValid} hasSummary={hasSummary} />);
  const box = (name: string) => screen.getByRole('textbox', { name });
  const submit = () => user.click(screen.getByRole('button', { name: 'Προσθήκη' }));
  return { onValid, user, box, submit };
}

describe('useSchemaForm', () => {
  it('hands over the parsed body (trimmed, as the server reads it) when the values are valid', async () => {
    const { onValid, user, box, submit } = setup();
    await user.type(box('Όνομα'), ' Νίκος ');
    await user.type(box('Επώνυμο'), 'Νέος');
    await user.type(box('ΑΦΜ'), '200000018');
    await user.click(screen.getByRole('radio', { name: 'head' }));
    await submit();
    expect(onValid).toHaveBeenCalledTimes(1);
    expect(onValid.mock.calls[0]?.[0]).toEqual({
      firstname: 'Νίκος',
      surname: 'Νέος',
      afm: '200000018',
      role: 'head',
    });
    expect(box('Όνομα').getAttribute('aria-invalid')).toBeNull();
  });

  it('names every missing field with the server’s text for `required`, wired by aria', async () => {
    const { onValid, box, submit } = setup();
    await submit();
    expect(onValid).not.toHaveBeenCalled();
    for (const name of ['Όνομα', 'Επώνυμο', 'ΑΦΜ']) {
      const input = box(name);
      expect(input.getAttribute('aria-invalid')).toBe('true');
      const ids = (input.getAttribute('aria-describedby') ?? '').split(' ');
      expect(ids.at(-1)).toBe(`${input.id}-error`);
      expect(document.getElementById(`${input.id}-error`)?.textContent).toBe(
        'Το πεδίο είναι υποχρεωτικό',
      );
    }
    // The hint is read first, then the error.
    expect(box('ΑΦΜ').getAttribute('aria-describedby')).toBe('staff-afm-hint staff-afm-error');
  });

  it('refuses a tax number with a wrong check digit, with the text of the server’s afm_invalid', async () => {
    const { onValid, user, box, submit } = setup();
    await user.type(box('Όνομα'), 'Νίκος');
    await user.type(box('Επώνυμο'), 'Νέος');
    await user.type(box('ΑΦΜ'), '123456789');
    await submit();
    expect(onValid).not.toHaveBeenCalled();
    expect(document.getElementById('staff-afm-error')?.textContent).toBe('Ο ΑΦΜ δεν είναι έγκυρος');
    expect(box('Όνομα').getAttribute('aria-invalid')).toBeNull();
  });

  it('focuses the first invalid field after each failed submit, the same errors again too', async () => {
    const first = setup();
    await first.user.type(first.box('Όνομα'), 'Νίκος');
    await first.submit();
    expect(document.activeElement).toBe(first.box('Επώνυμο'));
    await first.user.click(first.box('Όνομα'));
    await first.submit();
    expect(document.activeElement).toBe(first.box('Επώνυμο'));
  });

  it('with a summary: focus goes to it, one link per invalid field in the form’s order', async () => {
    const { submit } = setup(true);
    await submit();
    const summary = screen.getByRole('alert');
    expect(document.activeElement).toBe(summary);
    expect(
      Array.from(summary.querySelectorAll('a')).map((link) => link.getAttribute('href')),
    ).toEqual(['#staff-firstname', '#staff-surname', '#staff-afm']);
  });

  it('checks again on blur once submitted, not before', async () => {
    const { user, box, submit } = setup();
    await user.type(box('ΑΦΜ'), '123456789');
    await user.tab();
    expect(box('ΑΦΜ').getAttribute('aria-invalid')).toBeNull();
    await submit();
    expect(document.getElementById('staff-afm-error')?.textContent).toBe('Ο ΑΦΜ δεν είναι έγκυρος');
    await user.clear(box('ΑΦΜ'));
    await user.type(box('ΑΦΜ'), '200000018');
    await user.tab();
    expect(box('ΑΦΜ').getAttribute('aria-invalid')).toBeNull();
    expect(document.getElementById('staff-afm-error')).toBeNull();
  });
});

/** A note on the domain's schema: its `comment_required` is the route's own code. */
function NoteForm({ ownWording }: { ownWording?: string }) {
  const form = useSchemaForm({
    schema: caseNoteFormSchema,
    initialValues: { comment: '' },
    idPrefix: 'note',
    ...(ownWording ? { messageOf: () => ownWording } : {}),
    onValid: () => {},
  });
  const comment = form.field('comment');
  return (
    <form onSubmit={form.handleSubmit} noValidate>
      <label htmlFor={comment.id}>Σημείωση</label>
      <textarea
        id={comment.id}
        aria-invalid={comment['aria-invalid']}
        aria-describedby={comment['aria-describedby']}
        value={comment.value}
        onChange={(event) => comment.onChange(event.target.value)}
      />
      {comment.error ? <p id={`${comment.id}-error`}>{comment.error}</p> : null}
      <Textarea label="Άλλο" id="other" />
      <button type="submit">Αποθήκευση</button>
    </form>
  );
}

describe('useSchemaForm codes and wording', () => {
  it('takes a route’s own code’s text from the errors catalogue, as the server does', async () => {
    const user = userEvent.setup();
    render(<NoteForm />);
    await user.click(screen.getByRole('button', { name: 'Αποθήκευση' }));
    const note = screen.getByRole('textbox', { name: 'Σημείωση' });
    expect(note.getAttribute('aria-invalid')).toBe('true');
    expect(note.getAttribute('aria-describedby')).toBe('note-comment-error');
    expect(document.getElementById('note-comment-error')?.textContent).toBe('Γράψτε τη σημείωση.');
    expect(document.activeElement).toBe(note);
  });

  it('lets a form word a code its own way', async () => {
    const user = userEvent.setup();
    render(<NoteForm ownWording="Συμπληρώστε το πεδίο." />);
    await user.click(screen.getByRole('button', { name: 'Αποθήκευση' }));
    expect(document.getElementById('note-comment-error')?.textContent).toBe(
      'Συμπληρώστε το πεδίο.',
    );
  });
});

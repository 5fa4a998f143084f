import { fireEvent, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { QueryClient } from '@tanstack/react-query';
import type { AppConfig } from '@dilosi/domain';
import { documentWithFields, makeField, text } from './testing/factories';
import {
  description,
  expectFieldError,
  lastSubmission,
  pressContinue,
  renderStep,
} from './testing/render-step';

function pdf(name: string, size: number): File {
  const file = new File(['%PDF-1.7'], name, { type: 'application/pdf', lastModified: 1 });
  Object.defineProperty(file, 'size', { value: size });
  return file;
}

const stored = {
  file_id: 'file-1',
  filename: 'tautotita.pdf',
  size: 250_000,
  'content-type': 'application/pdf',
  'attachment-index': 0,
};

const doc = (params = {}, attachments = {}) =>
  documentWithFields(
    [
      makeField({
        key: 'proof',
        component: 'attachment',
        label: text('Δικαιολογητικό'),
        'component-params': params,
      }),
    ],
    {},
    { attachments },
  );

describe('attachment', () => {
  it.each([
    [
      'pdf_too_complex',
      'Το αρχείο PDF είναι πολύ σύνθετο για να ελεγχθεί. Επισυνάψτε απλούστερο αρχείο',
    ],
    [
      'pdf_active_content',
      'Το αρχείο PDF περιέχει ενεργό περιεχόμενο (σενάρια, ενέργειες εκκίνησης ή ενσωματωμένα αρχεία)',
    ],
  ])('shows the server refusing a file with %s as an error of the field', (code, message) => {
    // As the API answers it: data.invalid_fields, one entry per refused file.
    renderStep(doc(), {
      serverErrors: [{ invalid_field: 'proof', error_info: { code, message: 'from the server' } }],
    });
    expectFieldError(screen.getByLabelText('Δικαιολογητικό'), message);
  });

  it('renders a PDF file input with the size limit in its hint', () => {
    renderStep(doc());
    const input = screen.getByLabelText('Δικαιολογητικό');
    expect(input.getAttribute('type')).toBe('file');
    expect(input.getAttribute('accept')).toContain('application/pdf');
    expect(description(input)).toContain('Μόνο αρχεία PDF, έως 5 MB το καθένα.');
  });

  it('requires a file', async () => {
    const { user } = renderStep(doc());
    await pressContinue(user);
    expectFieldError(screen.getByLabelText('Δικαιολογητικό'), 'Το πεδίο είναι υποχρεωτικό');
  });

  it('refuses a file over file-max-size with file_too_large', async () => {
    const { user, onSubmit } = renderStep(doc({ 'file-max-size': 2 * 1_048_576 }));
    const input = screen.getByLabelText('Δικαιολογητικό');
    await user.upload(input, pdf('large.pdf', 3 * 1_048_576));
    const message = 'Το αρχείο υπερβαίνει το μέγιστο επιτρεπτό μέγεθος των 2 MB';
    expect(input.getAttribute('aria-invalid')).toBe('true');
    expect(description(input)).toContain(message);
    expect(screen.queryByText('large.pdf')).toBeNull();
    await pressContinue(user);
    expect(onSubmit).not.toHaveBeenCalled();
  });

  it('uses FILE_MAX_SIZE of the app configuration when the field names none', async () => {
    const queryClient = new QueryClient();
    queryClient.setQueryData<Partial<AppConfig>>(['appconfig'], {
      settings: { FILE_MAX_SIZE: 1_048_576 } as AppConfig['settings'],
    });
    const { user } = renderStep(doc(), { queryClient });
    const input = screen.getByLabelText('Δικαιολογητικό');
    await user.upload(input, pdf('large.pdf', 1_048_577));
    expect(description(input)).toContain('μέγιστο επιτρεπτό μέγεθος των 1 MB');
  });

  it('accepts only PDF files', () => {
    renderStep(doc());
    const input = screen.getByLabelText('Δικαιολογητικό');
    // A browser's picker filters by accept; a file can still come another way (drag and drop).
    fireEvent.change(input, {
      target: { files: [new File(['x'], 'photo.png', { type: 'image/png' })] },
    });
    expect(description(input)).toContain('Επιτρέπονται μόνο αρχεία PDF');
  });

  it('lists a picked file with its size and sends it as a new file', async () => {
    const { user, onSubmit } = renderStep(doc());
    const file = pdf('dilosi.pdf', 2_621_440);
    await user.upload(screen.getByLabelText('Δικαιολογητικό'), file);
    const list = screen.getByRole('list', { name: 'Επισυναπτόμενα αρχεία' });
    const [item] = within(list).getAllByRole('listitem');
    expect(item?.textContent).toContain('dilosi.pdf (2,5 MB)');
    expect(
      within(item as HTMLElement).getByRole('button', { name: 'Αφαίρεση dilosi.pdf' }),
    ).toBeTruthy();
    await pressContinue(user);
    expect(lastSubmission(onSubmit)).toEqual({
      action: 'next',
      statements: {},
      files: { proof: [file] },
      keep: { proof: [] },
    });
  });

  it('keeps an existing attachment unless removed', async () => {
    const { user, onSubmit } = renderStep(doc({}, { proof: [stored] }));
    expect(screen.getByRole('listitem').textContent).toContain('tautotita.pdf (244,1 KB)');
    await pressContinue(user);
    expect(lastSubmission(onSubmit).keep).toEqual({ proof: [{ file_id: 'file-1' }] });
    await user.click(screen.getByRole('button', { name: 'Αφαίρεση tautotita.pdf' }));
    expect(screen.queryByRole('listitem')).toBeNull();
    await pressContinue(user);
    expectFieldError(screen.getByLabelText('Δικαιολογητικό'), 'Το πεδίο είναι υποχρεωτικό');
  });

  it('refuses more files than max_files', async () => {
    const { user } = renderStep(doc({ max_files: 2 }, { proof: [stored] }));
    await user.upload(screen.getByLabelText('Δικαιολογητικό'), [
      pdf('a.pdf', 10),
      pdf('b.pdf', 20),
    ]);
    await pressContinue(user);
    expectFieldError(
      screen.getByLabelText('Δικαιολογητικό'),
      'Μπορείτε να επισυνάψετε έως 2 αρχεία',
    );
  });
});

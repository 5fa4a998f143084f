import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { Select, Textarea, TextInput } from './text-controls';

describe('TextInput, Textarea and Select', () => {
  it('label the control and describe it by its hint, then its error', () => {
    render(<TextInput id="afm" label="ΑΦΜ" hint="9 ψηφία" error="Λάθος ΑΦΜ" defaultValue="" />);
    const input = screen.getByRole('textbox', { name: 'ΑΦΜ' });
    expect(input.className).toBe('govgr-input govgr-error-input');
    expect(input.getAttribute('aria-invalid')).toBe('true');
    expect(input.getAttribute('aria-describedby')).toBe('afm-hint afm-error');
  });

  it('mark a control invalid whose message is elsewhere, described by the ids given', () => {
    render(
      <>
        <p id="form-error">Συμπληρώστε το πεδίο.</p>
        <Textarea
          id="note"
          label="Σημείωση"
          isInvalid
          describedBy="form-error note-count"
          after={<p id="note-count">0/10</p>}
        />
      </>,
    );
    const textarea = screen.getByRole('textbox', { name: 'Σημείωση' });
    expect(textarea.className).toBe('govgr-textarea');
    expect(textarea.getAttribute('aria-invalid')).toBe('true');
    expect(textarea.getAttribute('aria-describedby')).toBe('form-error note-count');
    expect(textarea.nextElementSibling?.id).toBe('note-count');
  });

  it('render a select with its options and no aria noise when valid', () => {
    render(
      <Select id="state" label="Νέα κατάσταση" defaultValue="b">
        <option value="a">Α</option>
        <option value="b">Β</option>
      </Select>,
    );
    const select = screen.getByRole<HTMLSelectElement>('combobox', { name: 'Νέα κατάσταση' });
    expect(select.value).toBe('b');
    expect(select.className).toBe('govgr-select');
    expect(select.getAttribute('aria-invalid')).toBeNull();
    expect(select.getAttribute('aria-describedby')).toBeNull();
  });
});

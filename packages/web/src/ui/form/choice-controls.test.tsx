import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { RadioGroup } from './choice-controls';
import { FieldGroup } from './field';

describe('RadioGroup', () => {
  it('labels each radio, describes it by its own line, and keeps a disabled one out of reach', async () => {
    const onChange = vi.fn();
    const onBlur = vi.fn();
    const user = userEvent.setup();
    render(
      <FieldGroup id="template" legend="Πρότυπο απάντησης">
        <RadioGroup
          id="template"
          name="reply-template"
          value={null}
          onChange={onChange}
          onBlur={onBlur}
          options={[
            { value: 'receipt', label: 'Βεβαίωση παραλαβής', hint: 'Η παραλαβή της αίτησης' },
            { value: 'closed', label: 'Κλειστό', isDisabled: true },
          ]}
        />
      </FieldGroup>,
    );
    const receipt = screen.getByRole('radio', { name: 'Βεβαίωση παραλαβής' });
    expect(receipt.id).toBe('template');
    expect(receipt.getAttribute('name')).toBe('reply-template');
    expect(
      document.getElementById(receipt.getAttribute('aria-describedby') ?? '')?.textContent,
    ).toBe('Η παραλαβή της αίτησης');
    const closed = screen.getByRole<HTMLInputElement>('radio', { name: 'Κλειστό' });
    expect(closed.id).toBe('template-closed');
    expect(closed.disabled).toBe(true);
    await user.click(closed);
    expect(onChange).not.toHaveBeenCalled();
    await user.click(receipt);
    expect(onChange).toHaveBeenCalledWith('receipt');
    await user.tab();
    expect(onBlur).toHaveBeenCalled();
  });
});

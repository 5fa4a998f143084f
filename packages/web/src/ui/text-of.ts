import type { Locale } from '@dilosi/domain';

/** A value of a message's state_data in the reader's language (plain text or {el, en, fr}). */
export function textOf(value: unknown, locale: Locale): string {
  if (typeof value === 'string') return value;
  if (value && typeof value === 'object') {
    const texts = value as Partial<Record<Locale, unknown>>;
    const text = texts[locale] ?? texts.el;
    if (typeof text === 'string') return text;
  }
  return '';
}

import { describe, expect, it } from 'vitest';
import { ERROR_CODES } from './errors';
import elErrors from './i18n/el/errors.json';
import enErrors from './i18n/en/errors.json';
import frErrors from './i18n/fr/errors.json';
import elValidation from './i18n/el/validation.json';
import enValidation from './i18n/en/validation.json';
import frValidation from './i18n/fr/validation.json';

type Catalog = Record<string, unknown>;
const catalogs: Record<string, [Catalog, Catalog]> = {
  el: [elErrors, elValidation],
  en: [enErrors, enValidation],
  fr: [frErrors, frValidation],
};

/** The server's error handler looks a code up in `errors`, then in `validation`. */
function messageOf(locale: string, code: string): unknown {
  const [errors, validation] = catalogs[locale] ?? [{}, {}];
  return Object.hasOwn(errors, code) ? errors[code] : validation[code];
}

const placeholders = (text: string) =>
  [...text.matchAll(/\{\{\s*(\w+)\s*\}\}/g)].map((m) => m[1]).sort();

describe('error codes', () => {
  it('are listed once each', () => {
    expect(new Set(ERROR_CODES).size).toBe(ERROR_CODES.length);
  });

  it.each(ERROR_CODES)('%s has a message in el, en and fr with the same placeholders', (code) => {
    const messages = Object.keys(catalogs).map((locale) => messageOf(locale, code));
    for (const message of messages) {
      expect(typeof message === 'string' && message.trim().length > 0, code).toBe(true);
    }
    const [el, ...others] = messages.map((message) => placeholders(String(message)));
    for (const other of others) expect(other).toEqual(el);
  });
});

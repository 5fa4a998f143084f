import { DEFAULT_LOCALE, isLocale, negotiateLocale, type Locale } from '@dilosi/domain';
import elErrors from '@dilosi/domain/i18n/el/errors.json' with { type: 'json' };
import enErrors from '@dilosi/domain/i18n/en/errors.json' with { type: 'json' };
import frErrors from '@dilosi/domain/i18n/fr/errors.json' with { type: 'json' };

type Catalog = Record<string, string>;
const catalogs: Record<Locale, Record<string, Catalog>> = {
  el: { errors: elErrors },
  en: { errors: enErrors },
  fr: { errors: frErrors },
};

/** Registers one more namespace of the shared catalogs (validation, sms, email, pdf …). */
export function registerCatalog(namespace: string, byLocale: Record<Locale, Catalog>): void {
  for (const locale of Object.keys(byLocale) as Locale[]) {
    catalogs[locale][namespace] = byLocale[locale];
  }
}

/**
 * A key's text in one language. With a `count` parameter, the CLDR plural form comes first
 * (`key_one`, `key_few`, … as i18next names them), then `key_other`, then the key itself.
 */
function lookup(
  locale: Locale,
  namespace: string,
  key: string,
  count: unknown,
): string | undefined {
  const catalog = catalogs[locale][namespace];
  if (!catalog) return undefined;
  if (count === undefined) return catalog[key];
  const amount = Number(count);
  const form = Number.isFinite(amount) ? new Intl.PluralRules(locale).select(amount) : 'other';
  return catalog[`${key}_${form}`] ?? catalog[`${key}_other`] ?? catalog[key];
}

/** Translates a key of a namespace, falling back to Greek, then to the key itself. */
export function translate(
  locale: Locale,
  namespace: string,
  key: string,
  params: Record<string, unknown> = {},
): string {
  const template =
    lookup(locale, namespace, key, params.count) ??
    lookup(DEFAULT_LOCALE, namespace, key, params.count) ??
    key;
  return template.replace(/\{\{\s*(\w+)\s*\}\}/g, (_, name: string) =>
    params[name] === undefined ? `{{${name}}}` : String(params[name]),
  );
}

export function hasTranslation(namespace: string, key: string): boolean {
  return catalogs[DEFAULT_LOCALE][namespace]?.[key] !== undefined;
}

/** The request's language: ?lang=, then Accept-Language, then Greek. */
export function requestLocale(request: {
  query: unknown;
  headers: Record<string, string | string[] | undefined>;
}): Locale {
  const lang = (request.query as Record<string, unknown> | undefined)?.lang;
  if (isLocale(lang)) return lang;
  const header = request.headers['accept-language'];
  return negotiateLocale(Array.isArray(header) ? header[0] : header);
}

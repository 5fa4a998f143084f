import i18n, { type BackendModule } from 'i18next';
import { initReactI18next } from 'react-i18next';
import { DEFAULT_LOCALE, isLocale, LOCALES, type Locale } from '@dilosi/domain';
import { readStorage, STORAGE_KEYS, writeStorage } from '../lib/storage';

/**
 * Namespaces of the catalogs shared with the server
 * (packages/domain/src/i18n/<locale>/<namespace>.json). Only `ui` is needed for the first page;
 * a component asking for another namespace (`useTranslation('validation')`) loads it then.
 */
export const NAMESPACES = [
  'ui',
  'validation',
  'errors',
  'auth',
  'wizard',
  'documents',
  'validation-page',
  'dashboard',
  'messages',
  'vault-export',
  'vault',
  'joint',
] as const;
export type Namespace = (typeof NAMESPACES)[number];

type Catalog = Record<string, unknown>;

// Each catalog file becomes its own lazy chunk: only the active locale's are downloaded.
const catalogLoaders = import.meta.glob<Catalog>('../../../domain/src/i18n/*/*.json', {
  import: 'default',
});

const catalogBackend: BackendModule = {
  type: 'backend',
  init() {},
  read(language, namespace, callback) {
    const load = catalogLoaders[`../../../domain/src/i18n/${language}/${namespace}.json`];
    if (!load) {
      callback(null, {});
      return;
    }
    load().then(
      (catalog) => callback(null, catalog),
      (error: unknown) =>
        callback(error instanceof Error ? error : new Error(String(error)), false),
    );
  },
};

function storedLocale(): Locale {
  const stored = readStorage(STORAGE_KEYS.language);
  return isLocale(stored) ? stored : DEFAULT_LOCALE;
}

function applyDocumentLanguage(locale: string): void {
  document.documentElement.lang = locale;
}

/** Initialises i18next with the saved (or default) locale, its `ui` catalog loaded. */
export async function initI18n(): Promise<void> {
  const locale = storedLocale();
  i18n.on('languageChanged', applyDocumentLanguage);
  await i18n
    .use(catalogBackend)
    .use(initReactI18next)
    .init({
      lng: locale,
      supportedLngs: [...LOCALES],
      fallbackLng: false,
      load: 'currentOnly',
      ns: ['ui'],
      defaultNS: 'ui',
      interpolation: { escapeValue: false },
    });
  applyDocumentLanguage(locale);
}

export function currentLocale(): Locale {
  return isLocale(i18n.language) ? i18n.language : DEFAULT_LOCALE;
}

/** Switches the interface language; i18next loads the catalogs before it switches. */
export async function changeLocale(locale: Locale): Promise<void> {
  await i18n.changeLanguage(locale);
  writeStorage(STORAGE_KEYS.language, locale);
}

export { i18n };

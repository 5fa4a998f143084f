import { describe, expect, it } from 'vitest';
import { I18nLite } from './i18next-lite';

const catalogs: Record<string, Record<string, Record<string, unknown>>> = {
  el: {
    ui: {
      greeting: 'Γεια σας, {{name}}',
      nested: { deep: { key: 'Βαθύ κλειδί' } },
      results_one: 'Βρέθηκε {{count}} έγγραφο',
      results_other: 'Βρέθηκαν {{count}} έγγραφα',
    },
    errors: { not_found: 'Δεν βρέθηκε' },
  },
  en: {
    ui: {
      greeting: 'Hello, {{name}}',
      results_one: '{{count}} document',
      results_other: '{{count}} documents',
    },
    errors: { not_found: 'Not found' },
  },
};

function backendInstance() {
  const reads: string[] = [];
  const i18n = new I18nLite();
  i18n.use({
    type: 'backend',
    read(language, namespace, callback) {
      reads.push(`${language}/${namespace}`);
      queueMicrotask(() => callback(null, catalogs[language]?.[namespace] ?? false));
    },
  });
  return { i18n, reads };
}

describe('i18next-lite', () => {
  it('translates nested keys with interpolation, and a namespace prefix', async () => {
    const { i18n } = backendInstance();
    await i18n.init({ lng: 'el', ns: ['ui', 'errors'], defaultNS: 'ui' });
    expect(i18n.t('greeting', { name: 'Μαρία' })).toBe('Γεια σας, Μαρία');
    expect(i18n.t('nested.deep.key')).toBe('Βαθύ κλειδί');
    expect(i18n.t('errors:not_found')).toBe('Δεν βρέθηκε');
    expect(i18n.t('not_found', { ns: 'errors' })).toBe('Δεν βρέθηκε');
  });

  it('chooses the CLDR plural form', async () => {
    const { i18n } = backendInstance();
    await i18n.init({ lng: 'el', ns: 'ui', defaultNS: 'ui' });
    expect(i18n.t('results', { count: 1 })).toBe('Βρέθηκε 1 έγγραφο');
    expect(i18n.t('results', { count: 3 })).toBe('Βρέθηκαν 3 έγγραφα');
    expect(i18n.t('results', { count: 0 })).toBe('Βρέθηκαν 0 έγγραφα');
  });

  it('answers the key for a missing text, and exists() tells', async () => {
    const { i18n } = backendInstance();
    await i18n.init({ lng: 'el', ns: ['ui', 'errors'], defaultNS: 'ui' });
    expect(i18n.t('missing.key')).toBe('missing.key');
    expect(i18n.t('missing.key', { defaultValue: 'Προεπιλογή' })).toBe('Προεπιλογή');
    expect(i18n.exists('greeting')).toBe(true);
    expect(i18n.exists('not_found', { ns: 'errors' })).toBe(true);
    expect(i18n.exists('not_found')).toBe(false);
  });

  it('loads every namespace in use for the new language before it switches', async () => {
    const { i18n, reads } = backendInstance();
    await i18n.init({ lng: 'el', ns: 'ui', defaultNS: 'ui' });
    await i18n.loadNamespaces('errors');
    const changes: unknown[] = [];
    i18n.on('languageChanged', (language) => changes.push(language));
    await i18n.changeLanguage('en');
    expect(changes).toEqual(['en']);
    expect(reads.sort()).toEqual(['el/errors', 'el/ui', 'en/errors', 'en/ui']);
    expect(i18n.t('greeting', { name: 'Maria' })).toBe('Hello, Maria');
    expect(i18n.getFixedT(null, 'errors')('not_found')).toBe('Not found');
  });

  it('reads each catalog once, however many ask for it at the same time', async () => {
    const { i18n, reads } = backendInstance();
    await i18n.init({ lng: 'el', ns: 'ui', defaultNS: 'ui' });
    await Promise.all([i18n.loadNamespaces('errors'), i18n.loadNamespaces(['errors', 'ui'])]);
    expect(reads.filter((read) => read === 'el/errors')).toHaveLength(1);
  });
});

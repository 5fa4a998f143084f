import { useMemo, useSyncExternalStore } from 'react';
import i18n from './i18next-lite';

/**
 * The part of react-i18next this app uses (see i18next-lite.ts): `useTranslation(ns)` suspends
 * until its namespaces are loaded and re-renders on `languageChanged`; `initReactI18next` is the
 * plugin the setup registers.
 */

export const initReactI18next = { type: '3rdParty', init() {} } as const;

function subscribe(onChange: () => void): () => void {
  i18n.on('languageChanged', onChange);
  return () => i18n.off('languageChanged', onChange);
}

const getLanguage = () => i18n.language;

// React retries a suspended render with the promise it was given: one promise per load.
const pendingLoads = new Map<string, Promise<void>>();
function loading(language: string, namespaces: readonly string[]): Promise<void> {
  const id = `${language}|${namespaces.join('|')}`;
  let load = pendingLoads.get(id);
  if (!load) {
    load = i18n.loadNamespaces(namespaces, language).finally(() => pendingLoads.delete(id));
    pendingLoads.set(id, load);
  }
  return load;
}

export function useTranslation(namespaces?: string | readonly string[]) {
  const language = useSyncExternalStore(subscribe, getLanguage, getLanguage);
  const list = useMemo(
    () =>
      namespaces === undefined
        ? [i18n.defaultNS]
        : typeof namespaces === 'string'
          ? [namespaces]
          : [...namespaces],
    // A new array literal each render must not make a new `t`.
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [typeof namespaces === 'string' ? namespaces : namespaces?.join('|')],
  );
  if (!list.every((namespace) => i18n.hasLoadedNamespace(namespace, language))) {
    // Suspends as react-i18next does, by throwing the load (the same promise until it settles);
    // React renders again once it has.
    throw loading(language, list);
  }
  // `language` is in the keys so components re-render with the new texts after a switch.
  const t = useMemo(() => i18n.getFixedT(language, list), [language, list]);
  return { t, i18n, ready: true };
}

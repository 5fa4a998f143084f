import { useEffect, useSyncExternalStore } from 'react';
import { LOCALES, type Locale } from '@dilosi/domain';
import { useAppConfigQuery } from '../api/get-app-config';

/**
 * The languages the open page can be read in. Most pages follow the interface in every language;
 * a page whose content exists in fewer (a Greek-only validation context) says so while it is
 * shown, and the footer's switcher offers only those — none when there is one — instead of a
 * choice that snaps back.
 */
let offered: readonly Locale[] | null = null;
const listeners = new Set<() => void>();

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

function set(next: readonly Locale[] | null): void {
  offered = next;
  for (const listener of listeners) listener();
}

/**
 * The languages the footer may offer now: those the deployment configures (settings.LANGUAGES),
 * narrowed by the open page.
 */
export function usePageLanguages(): readonly Locale[] {
  const page = useSyncExternalStore(
    subscribe,
    () => offered ?? LOCALES,
    () => offered ?? LOCALES,
  );
  const configured = useAppConfigQuery().data?.settings.LANGUAGES;
  return configured ? page.filter((locale) => configured.includes(locale)) : page;
}

/** While the calling page is shown, only `languages` are offered (undefined: not known yet). */
export function useRestrictPageLanguages(languages: readonly Locale[] | undefined): void {
  const key = languages?.join(',');
  useEffect(() => {
    if (key === undefined) return;
    set(key.split(',') as Locale[]);
    return () => set(null);
  }, [key]);
}

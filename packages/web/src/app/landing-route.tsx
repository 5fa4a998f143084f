import { useEffect } from 'react';
import { useAppConfig } from '../api/get-app-config';
import { PageSkeleton } from '../ui/page-skeleton';
import { HomePage } from './lazy-pages';

/** An external landing page may replace the root (settings.LANDING_PAGE_URL). */
function landingUrl(configured: string | null): string | null {
  if (!configured) return null;
  try {
    const url = new URL(configured, window.location.origin);
    if (url.protocol !== 'https:' && url.protocol !== 'http:') return null;
    // A landing page pointing back at the root would loop forever.
    if (url.origin === window.location.origin && url.pathname === '/') return null;
    return url.href;
  } catch {
    return null;
  }
}

/** `/`: the browser leaves for the landing page when one is configured, else the home page. */
export function LandingRoute() {
  const url = landingUrl(useAppConfig().settings.LANDING_PAGE_URL);

  useEffect(() => {
    if (url) window.location.assign(url);
  }, [url]);

  return url ? <PageSkeleton /> : <HomePage />;
}

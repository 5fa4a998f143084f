import { Suspense, useEffect, useRef, type ReactNode, type RefObject } from 'react';
import { Outlet, useLocation, useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { anonymousTemplate } from '../api/anonymous-session';
import { useCurrentUser, useLogout } from '../api/auth';
import { useAppConfigQuery } from '../api/get-app-config';
import { paths } from '../config/paths';
import { CookieBanner } from '../ui/cookie-banner';
import { Footer } from '../ui/footer';
import { Header } from '../ui/header';
import { PageSkeleton } from '../ui/page-skeleton';
import { focusPageHeading } from '../ui/route-focus';
import { SkipLink } from '../ui/skip-link';
import { ErrorBoundary } from './error-boundary';
import { GenericErrorPage, NewMessagesPoller } from './lazy-pages';

const MAIN_ID = 'main-content';

/** After every client-side navigation (not the first load): back to the top, focus on the h1. */
function useFocusOnNavigate(main: RefObject<HTMLElement | null>) {
  const { pathname } = useLocation();
  const previous = useRef(pathname);
  useEffect(() => {
    if (previous.current === pathname) return;
    previous.current = pathname;
    window.scrollTo(0, 0);
    focusPageHeading(main.current);
  }, [pathname, main]);
}

/** Which description a path gets (search engines and link previews; spec: public pages). */
const META_DESCRIPTIONS = [
  [/^\/login|^\/dashboard-login/, 'login'],
  [/^\/create|^\/templates/, 'templates'],
  [/^\/validate/, 'validate'],
  [/^\/terms/, 'terms'],
] as const;

/** Keeps `<meta name="description">` in step with the page and the language. */
function useMetaDescription(pathname: string) {
  const { t, i18n } = useTranslation();
  const key = META_DESCRIPTIONS.find(([pattern]) => pattern.test(pathname))?.[1] ?? 'default';
  const description = t(`meta.${key}`);
  useEffect(() => {
    let meta = document.querySelector<HTMLMetaElement>('meta[name="description"]');
    if (!meta) {
      meta = document.createElement('meta');
      meta.name = 'description';
      document.head.append(meta);
    }
    meta.content = description;
  }, [description, i18n.language]);
}

/** The pages that poll for new messages: the citizen's home and her messages. */
function pollsMessages(pathname: string): boolean {
  return (
    pathname === paths.root.getHref() ||
    pathname === paths.home.getHref() ||
    pathname.startsWith(paths.my.messages.root.getHref())
  );
}

/** Where the header's title leads an anonymous session: the template it started (issue #37). */
function anonymousHomeOf(user: { anonymous_login: boolean } | null): string | undefined {
  const refname = user?.anonymous_login ? anonymousTemplate() : null;
  return refname ? paths.templates.template.getHref(refname) : undefined;
}

/** The shell: skip link, cookie banner, header, main landmark, footer. */
export function AppLayout() {
  const { t } = useTranslation();
  const { pathname } = useLocation();
  const config = useAppConfigQuery();
  const mainRef = useRef<HTMLElement>(null);
  useFocusOnNavigate(mainRef);
  useMetaDescription(pathname);
  const { user } = useCurrentUser();
  const logout = useLogout();
  const navigate = useNavigate();
  const onLogout = () => {
    void logout().then(() => navigate(paths.root.getHref(), { replace: true }));
  };

  let content: ReactNode;
  if (config.isPending) {
    content = <PageSkeleton />;
  } else if (config.isError) {
    content = <GenericErrorPage error={config.error} onRetry={() => void config.refetch()} />;
  } else {
    content = (
      <ErrorBoundary resetKey={pathname}>
        <Outlet />
      </ErrorBoundary>
    );
  }

  return (
    <div className="dilosi-app">
      {/* The first tab stop of every page, before the cookie banner (WCAG 2.4.1). */}
      <SkipLink targetId={MAIN_ID} label={t('a11y.skipToContent')} />
      <CookieBanner
        policyHref={paths.static.cookiesPolicy.getHref()}
        onAccepted={() => focusPageHeading(mainRef.current)}
      />
      <Header
        isTestEnvironment={config.data?.flags.DEVEL ?? false}
        user={user}
        showVault={config.data?.flags.CITIZENINBOX_ENABLED ?? false}
        showDashboard={config.data?.flags.DASHBOARD_ENABLED ?? false}
        onLogout={onLogout}
        anonymousHome={anonymousHomeOf(user)}
      />
      <main id={MAIN_ID} ref={mainRef} tabIndex={-1} className="dilosi-main">
        <Suspense fallback={<PageSkeleton />}>{content}</Suspense>
      </main>
      <Footer
        version={config.data?.settings.VERSION}
        showOutbox={config.data?.flags.DEVEL ?? false}
      />
      {/* New messages arriving while a citizen is on her home page or her messages (each page
          view polls for 20 s). Other pages do not poll: a poll would keep an idle session alive. */}
      {user &&
      !user.is_admin &&
      !user.anonymous_login &&
      config.data?.flags.CITIZENINBOX_ENABLED &&
      pollsMessages(pathname) ? (
        <Suspense fallback={null}>
          <NewMessagesPoller key={pathname} />
        </Suspense>
      ) : null}
    </div>
  );
}

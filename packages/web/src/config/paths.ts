/**
 * Every URL of the SPA, built in one place (spec section 2). `path` is the router pattern,
 * `getHref` builds a concrete URL. Nothing else in the app writes a route string by hand.
 */

const withQuery = (base: string, query: Record<string, string | undefined>): string => {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) {
    if (value !== undefined && value !== '') params.set(key, value);
  }
  const search = params.toString();
  return search ? `${base}?${search}` : base;
};

const enc = encodeURIComponent;

export const paths = {
  root: { path: '/', getHref: () => '/' },
  home: { path: '/home', getHref: () => '/home' },
  terms: { path: '/terms', getHref: () => '/terms' },
  content: {
    path: '/content/:slug',
    getHref: (slug: string) => `/content/${enc(slug)}`,
  },

  auth: {
    login: {
      path: '/login',
      getHref: (
        query: {
          next?: string;
          error_code?: string;
          provider?: string;
          template?: string;
          admin?: string;
        } = {},
      ) => withQuery('/login', query),
    },
    token: { path: '/login/token', getHref: () => '/login/token' },
    dashboardLogin: {
      path: '/dashboard-login',
      getHref: (query: { next?: string } = {}) => withQuery('/dashboard-login', query),
    },
    consent: {
      path: '/consent',
      getHref: (query: { next?: string } = {}) => withQuery('/consent', query),
    },
  },

  errors: {
    notFound: { path: '*', getHref: () => '/not-found' },
    permissionDenied: { path: '/permission-denied', getHref: () => '/permission-denied' },
    generic: { path: '/error', getHref: () => '/error' },
  },

  info: {
    eggrafiKep: {
      path: '/info/eggrafi-kep',
      getHref: (msg?: string) => withQuery('/info/eggrafi-kep', { msg }),
    },
    noMobile: {
      path: '/info/no-mobile',
      getHref: (msg?: string) => withQuery('/info/no-mobile', { msg }),
    },
  },

  templates: {
    disabled: {
      path: '/templates/:refname/disabled',
      getHref: (refname: string, query: { name?: string; url?: string } = {}) =>
        withQuery(`/templates/${enc(refname)}/disabled`, query),
    },
  },

  my: {
    root: { path: '/my', getHref: () => '/my' },
    messages: {
      root: { path: '/my/messages', getHref: () => '/my/messages' },
      rest: { path: '/my/messages/*' },
    },
    personalDetails: { path: '/my/personal-details', getHref: () => '/my/personal-details' },
  },

  vault: {
    root: { path: '/vault', getHref: () => '/vault' },
    rest: { path: '/vault/*' },
    cases: { path: '/vault/cases', getHref: () => '/vault/cases' },
  },

  validation: {
    root: { path: '/validate', getHref: () => '/validate' },
    context: {
      path: '/validate/:contextId',
      getHref: (contextId: string) => `/validate/${enc(contextId)}`,
    },
    rest: { path: '/validate/*' },
    show: { path: '/show/*' },
  },

  dashboard: {
    root: { path: '/dashboard', getHref: () => '/dashboard' },
    rest: { path: '/dashboard/*' },
  },

  dev: {
    root: { path: '/dev', getHref: () => '/dev' },
    rest: { path: '/dev/*' },
  },

  static: {
    cookiesPolicy: { getHref: () => '/static/cookies-policy.pdf' },
  },
} as const;

/** The content pages linked from the footer; each has a markdown file per locale. */
export const CONTENT_SLUGS = ['about', 'accessibility', 'privacy'] as const;
export type ContentSlug = (typeof CONTENT_SLUGS)[number];

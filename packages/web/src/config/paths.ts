import type { InboxTab } from '@dilosi/domain';

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

/** A list's page and page size in the address; the first page and the default size are left out. */
const pageQuery = ({ page, size }: { page?: number; size?: number }) => ({
  page: page && page > 1 ? String(page) : undefined,
  size: size && size !== 10 ? String(size) : undefined,
});

/**
 * Query a template address carries on: caller_authorization_id goes on to creation; v1 (legacy
 * renderer) and both (both renderers) are accepted and ignored, there being one renderer.
 */
export type TemplateQuery = { caller_authorization_id?: string; v1?: string; both?: string };

export const paths = {
  root: { path: '/', getHref: () => '/' },
  home: { path: '/home', getHref: () => '/home' },
  terms: { path: '/terms', getHref: () => '/terms' },
  /** Cause of use: issue, validate or read the mailbox (spec section 2). */
  start: { path: '/q/start', getHref: () => '/q/start' },
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
    /** /templates alone has no page of its own: it leads to the template search. */
    index: { path: '/templates', getHref: () => '/templates' },
    template: {
      path: '/templates/:refname',
      getHref: (refname: string, query: TemplateQuery = {}) =>
        withQuery(`/templates/${enc(refname)}`, query),
    },
    /** A step before the document exists (the template's own steps: intro, template). */
    step: {
      path: '/templates/:refname/:step',
      getHref: (refname: string, step: string, query: TemplateQuery = {}) =>
        withQuery(`/templates/${enc(refname)}/${enc(step)}`, query),
    },
    /** Collectable templates: the form that collects values, then creates the document. */
    uiForm: {
      path: '/templates/:refname/ui-form',
      getHref: (refname: string, step?: string, query: TemplateQuery = {}) =>
        withQuery(
          step
            ? `/templates/${enc(refname)}/ui-form/${enc(step)}`
            : `/templates/${enc(refname)}/ui-form`,
          query,
        ),
    },
    uiFormStep: { path: '/templates/:refname/ui-form/:step' },
    /** Creates the document (needs a user) and continues at /issue/{id}/{step}. */
    create: {
      path: '/templates/:refname/create',
      getHref: (refname: string, query: TemplateQuery = {}) =>
        withQuery(`/templates/${enc(refname)}/create`, query),
    },
    /** Shows the service that replaced a disabled template, as the template API names it. */
    disabled: {
      path: '/templates/:refname/disabled',
      getHref: (refname: string) => `/templates/${enc(refname)}/disabled`,
    },
    /** Spec section 2 "Other screens": template type, template code entry, template search. */
    chooseRoot: { path: '/create', getHref: () => '/create' },
    chooseRest: { path: '/create/*' },
    type: { path: '/create/type', getHref: () => '/create/type' },
    code: {
      path: '/create/code',
      getHref: (query: { code?: string } = {}) => withQuery('/create/code', query),
    },
    search: {
      path: '/create/search',
      getHref: (query: { q?: string; type?: string; page?: string; size?: string } = {}) =>
        withQuery('/create/search', query),
    },
  },

  documents: {
    issue: {
      path: '/issue/:id',
      getHref: (id: string, step?: string) =>
        step ? `/issue/${enc(id)}/${enc(step)}` : `/issue/${enc(id)}`,
    },
    issueStep: { path: '/issue/:id/:step' },
    /** Issued and revoked documents: the issued view with its actions, by reference code. */
    done: {
      path: '/dilosi/:ref/done',
      getHref: (ref: string) => `/dilosi/${enc(ref)}/done`,
    },
  },

  my: {
    root: { path: '/my', getHref: () => '/my' },
    messages: {
      root: { path: '/my/messages', getHref: () => '/my/messages' },
      archive: { path: '/my/messages/archive', getHref: () => '/my/messages/archive' },
      show: {
        path: '/my/messages/show/:ref',
        getHref: (ref: string) => `/my/messages/show/${encodeURIComponent(ref)}`,
      },
      rest: { path: '/my/messages/*' },
    },
    personalDetails: { path: '/my/personal-details', getHref: () => '/my/personal-details' },
    /** A correction a public body asks of her document (issue #41). */
    correction: {
      path: '/my/corrections/:id',
      getHref: (id: string) => `/my/corrections/${encodeURIComponent(id)}`,
    },
    /** An opinion a public body asks of her (issue #41). */
    opinion: {
      path: '/my/opinions/:id',
      getHref: (id: string) => `/my/opinions/${encodeURIComponent(id)}`,
    },
    /** A joint declaration she authored or is asked to sign (issue #35). */
    jointList: { path: '/my/joint', getHref: () => '/my/joint' },
    joint: {
      path: '/my/joint/:id',
      getHref: (id: string) => `/my/joint/${encodeURIComponent(id)}`,
    },
  },

  vault: {
    root: {
      path: '/vault',
      getHref: (query: { page?: number; size?: number } = {}) =>
        withQuery('/vault', pageQuery(query)),
    },
    rest: { path: '/vault/*' },
    cases: {
      path: '/vault/cases',
      getHref: (query: { page?: number; size?: number } = {}) =>
        withQuery('/vault/cases', pageQuery(query)),
    },
    /** One case of hers and its thread with the entity (issue #33); the id of a vault case. */
    thread: {
      path: '/vault/cases/:caseId',
      getHref: (caseId: string) => `/vault/cases/${enc(caseId)}`,
    },
    drafts: {
      path: '/vault/drafts',
      getHref: (query: { page?: number; size?: number } = {}) =>
        withQuery('/vault/drafts', pageQuery(query)),
    },
    inbox: {
      path: '/vault/inbox',
      getHref: (query: { before?: string } = {}) => withQuery('/vault/inbox', query),
    },
    personalDetails: {
      path: '/vault/personal-details',
      getHref: () => '/vault/personal-details',
    },
    show: { path: '/vault/show/:ref', getHref: (ref: string) => `/vault/show/${enc(ref)}` },
    /** A received item (a citizen message) in the context of the document it concerns. */
    showItem: {
      path: '/vault/show/:ref/:inboxItem',
      getHref: (ref: string, inboxItem: string) => `/vault/show/${enc(ref)}/${enc(inboxItem)}`,
    },
    /** Download all my records (the export page of the records work). */
    export: { path: '/vault/export', getHref: () => '/vault/export' },
  },

  validation: {
    root: { path: '/validate', getHref: () => '/validate' },
    context: {
      path: '/validate/:contextId',
      getHref: (contextId: string) => `/validate/${enc(contextId)}`,
    },
    contextShow: {
      path: '/validate/:contextId/show/:ref',
      getHref: (contextId: string, ref: string) => `/validate/${enc(contextId)}/show/${enc(ref)}`,
    },
    /** What a document's QR code holds: `/show/{ref}` (the default context). */
    show: {
      path: '/show/:ref',
      getHref: (ref: string, contextId?: string) =>
        contextId ? `/show/${enc(ref)}/${enc(contextId)}` : `/show/${enc(ref)}`,
    },
    showInContext: { path: '/show/:ref/:contextId' },
    scan: { path: '/show/q/scan', getHref: () => '/show/q/scan' },
    scanValidate: {
      path: '/show/q/validate',
      getHref: (contextId?: string) =>
        contextId ? `/show/q/validate/${enc(contextId)}` : '/show/q/validate',
    },
    scanValidateContext: { path: '/show/q/validate/:contextId' },
  },

  dashboard: {
    root: { path: '/dashboard', getHref: () => '/dashboard' },
    entities: { path: '/dashboard/entities/list', getHref: () => '/dashboard/entities/list' },
    entity: {
      path: '/dashboard/entities/show/:entityId',
      getHref: (entityId: string) => `/dashboard/entities/show/${enc(entityId)}`,
    },
    inbox: {
      path: '/dashboard/entities/show/:entityId/inbox/list/:tab',
      getHref: (entityId: string, tab: InboxTab, search = '') =>
        `/dashboard/entities/show/${enc(entityId)}/inbox/list/${tab}${search ? `?${search}` : ''}`,
    },
    inboxRoot: { path: '/dashboard/entities/show/:entityId/inbox' },
    case: {
      path: '/dashboard/entities/show/:entityId/inbox/show/declaration/:inboxId',
      getHref: (entityId: string, inboxId: string, search = '') =>
        `/dashboard/entities/show/${enc(entityId)}/inbox/show/declaration/${enc(inboxId)}${search ? `?${search}` : ''}`,
    },
    caseShort: { path: '/dashboard/entities/show/:entityId/inbox/show/:inboxId' },
    /** A case named by its inbox-entry id alone (e-mail alerts, history): resolved, then opened. */
    resolveCase: {
      path: '/dashboard/entities/show/:entityId/inbox/entry/:inboxId',
      getHref: (entityId: string, inboxId: string) =>
        `/dashboard/entities/show/${enc(entityId)}/inbox/entry/${enc(inboxId)}`,
    },
    requests: {
      path: '/dashboard/entities/requests/list',
      getHref: () => '/dashboard/entities/requests/list',
    },
    settings: {
      path: '/dashboard/entities/show/:entityId/settings',
      getHref: (entityId: string) => `/dashboard/entities/show/${enc(entityId)}/settings`,
    },
    usersActive: {
      path: '/dashboard/entities/show/:entityId/users/active',
      getHref: (entityId: string) => `/dashboard/entities/show/${enc(entityId)}/users/active`,
    },
    /** The entity's bin (issue #41): dismissed cases, restorable for 30 days. */
    bin: {
      path: '/dashboard/entities/show/:entityId/bin',
      getHref: (entityId: string, query: { page?: number } = {}) =>
        withQuery(`/dashboard/entities/show/${enc(entityId)}/bin`, {
          page: query.page && query.page > 1 ? String(query.page) : undefined,
        }),
    },
    /** The opinions other entities ask of this one (issue #41), and one of them. */
    opinions: {
      path: '/dashboard/entities/show/:entityId/opinions',
      getHref: (entityId: string) => `/dashboard/entities/show/${enc(entityId)}/opinions`,
    },
    opinion: {
      path: '/dashboard/entities/show/:entityId/opinions/:id',
      getHref: (entityId: string, id: string) =>
        `/dashboard/entities/show/${enc(entityId)}/opinions/${enc(id)}`,
    },
    /** A KEP's in-person confirmations (issue #37): an officer looks up a person's code. */
    kep: {
      path: '/dashboard/entities/show/:entityId/kep',
      getHref: (entityId: string) => `/dashboard/entities/show/${enc(entityId)}/kep`,
    },
    /** The entity's statistics (issue #41, heads only); filters in the query. */
    statistics: {
      path: '/dashboard/entities/show/:entityId/statistics',
      getHref: (entityId: string) => `/dashboard/entities/show/${enc(entityId)}/statistics`,
    },
    usersPending: {
      path: '/dashboard/entities/show/:entityId/users/pending',
      getHref: (entityId: string) => `/dashboard/entities/show/${enc(entityId)}/users/pending`,
    },
    /** The templates the entity issues documents with (page size 30). */
    templates: {
      path: '/dashboard/entities/show/:entityId/templates',
      getHref: (entityId: string, query: { page?: number } = {}) =>
        withQuery(`/dashboard/entities/show/${enc(entityId)}/templates`, {
          page: query.page && query.page > 1 ? String(query.page) : undefined,
        }),
    },
    /** A reply to a case in the wizard: started with `?case={inboxId}`, then by id and step. */
    replyStart: {
      path: '/dashboard/entities/show/:entityId/reply/:replyRef',
      getHref: (entityId: string, replyRef: string, inboxId: string) =>
        withQuery(`/dashboard/entities/show/${enc(entityId)}/reply/${enc(replyRef)}`, {
          case: inboxId,
        }),
    },
    reply: {
      path: '/dashboard/entities/show/:entityId/reply/:replyRef/:id',
      getHref: (entityId: string, replyRef: string, id: string) =>
        `/dashboard/entities/show/${enc(entityId)}/reply/${enc(replyRef)}/${enc(id)}`,
    },
    replyStep: {
      path: '/dashboard/entities/show/:entityId/reply/:replyRef/:id/:step',
      getHref: (entityId: string, replyRef: string, id: string, step: string) =>
        `/dashboard/entities/show/${enc(entityId)}/reply/${enc(replyRef)}/${enc(id)}/${enc(step)}`,
    },
    /** An unissued reply, by id alone (the replies tab's drafts). */
    replyEdit: {
      path: '/dashboard/entities/show/:entityId/reply/EDIT/:replyId',
      getHref: (entityId: string, replyId: string) =>
        `/dashboard/entities/show/${enc(entityId)}/reply/EDIT/${enc(replyId)}`,
    },
    /** A document the entity issues: started by template, then by id and step. */
    issueStart: {
      path: '/dashboard/entities/show/:entityId/issue/:refname',
      getHref: (entityId: string, refname: string) =>
        `/dashboard/entities/show/${enc(entityId)}/issue/${enc(refname)}`,
    },
    issue: {
      path: '/dashboard/entities/show/:entityId/issue/:refname/:id',
      getHref: (entityId: string, refname: string, id: string) =>
        `/dashboard/entities/show/${enc(entityId)}/issue/${enc(refname)}/${enc(id)}`,
    },
    issueStep: {
      path: '/dashboard/entities/show/:entityId/issue/:refname/:id/:step',
      getHref: (entityId: string, refname: string, id: string, step: string) =>
        `/dashboard/entities/show/${enc(entityId)}/issue/${enc(refname)}/${enc(id)}/${enc(step)}`,
    },
    /**
     * The case page with one of its tabs open (`?show=replies` after a reply is issued; `tab` is
     * the inbox list the case was opened from).
     */
    caseTab: {
      getHref: (entityId: string, inboxId: string, show: string) =>
        withQuery(
          `/dashboard/entities/show/${enc(entityId)}/inbox/show/declaration/${enc(inboxId)}`,
          { show },
        ),
    },
    /** An entity's resources (issue #39): the generic admin list page. */
    resourceRoot: { path: '/dashboard/entities/show/:entityId/resource' },
    resource: {
      path: '/dashboard/entities/show/:entityId/resource/:resourceId',
      getHref: (entityId: string, resourceId: string) =>
        `/dashboard/entities/show/${enc(entityId)}/resource/${enc(resourceId)}`,
    },
    rest: { path: '/dashboard/*' },
  },

  /** Demo pages with hard-coded sample content (DEVEL only; spec section 1). */
  demo: {
    root: { path: '/demo', getHref: () => '/demo' },
    vehicles: { path: '/demo/vehicles', getHref: () => '/demo/vehicles' },
    notifications: { path: '/demo/notifications', getHref: () => '/demo/notifications' },
    archive: { path: '/demo/archive', getHref: () => '/demo/archive' },
    redirect: { path: '/demo/redirect', getHref: () => '/demo/redirect' },
    consent: { path: '/demo/consent', getHref: () => '/demo/consent' },
    rest: { path: '/demo/*' },
  },

  dev: {
    root: { path: '/dev', getHref: () => '/dev' },
    /** The SMS and e-mails the service wrote (DEVEL only). */
    outbox: {
      path: '/dev/outbox',
      getHref: (query: { page?: number } = {}) =>
        withQuery('/dev/outbox', {
          page: query.page && query.page > 1 ? String(query.page) : undefined,
        }),
    },
    rest: { path: '/dev/*' },
  },

  static: {
    cookiesPolicy: { getHref: () => '/static/cookies-policy.pdf' },
  },
} as const;

/** The content pages linked from the footer; each has a markdown file per locale. */
export const CONTENT_SLUGS = ['about', 'accessibility', 'privacy'] as const;
export type ContentSlug = (typeof CONTENT_SLUGS)[number];

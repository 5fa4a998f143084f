import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Database } from '../../db/database';
import { AppError } from '../../lib/app-error';

/**
 * What the scope needs of the template catalogue: whether a template is anonymous (a structural
 * type, so that auth does not import templates, which imports auth).
 */
type TemplateCatalog = { find(refname: string): { anonymous?: boolean } | undefined };

/**
 * What an anonymous session reaches (spec: anonymous use; issue #37): the anonymous template
 * its login was started for (any anonymous template when it was started without one), and its
 * own document through the document routes (each route checks the owner) until it is
 * issued, when only reading it and downloading its PDF remain (not sharing, sending or keeping
 * it in a vault). Everything else (vault, messages, the
 * dashboard, other templates, the profile…) is 403 `anonymous_scope`. Routes open to everyone
 * stay open: they do not look at the session.
 */
const ALWAYS: ReadonlySet<string> = new Set([
  'GET /api/users/me',
  'POST /api/logout',
  'POST /api/my-declarations/',
  'POST /api/gates/USER/gate/documents',
  'POST /api/attachments',
  // Addressing its document: the recipient search of the wizard.
  'GET /api/recipients',
  // The catalogue's hierarchical select datasets (public data).
  'GET /api/datasets/:name',
  // Its own document by reference code (the done page); the route answers 404 for another's.
  'GET /api/citizen-declarations/:ref',
]);

/** The routes of one document, by `:id`: writing them ends at issuance. */
const DOCUMENT_ROUTE = /^\/api\/my-declarations\/:id(\/|$)/;
/** Reading an issued document and downloading its PDF. */
const AFTER_ISSUANCE: ReadonlySet<string> = new Set([
  'GET /api/my-declarations/:id',
  'POST /api/my-declarations/:id/pdf/token',
  'GET /api/my-declarations/:id/attachments/:key/token',
  'POST /api/my-declarations/:id/attachments/:key/token',
]);

/** Until issued: editing, and the request for issuance (its code) in `requested`. */
const WRITABLE_STATES: ReadonlySet<string> = new Set(['new', 'editing', 'requested']);

export function anonymousScopeHook(catalog: TemplateCatalog, database: Database) {
  return async (request: FastifyRequest): Promise<void> => {
    const user = request.user;
    if (!user?.isAnonymous) return;
    const route = request.routeOptions.url ?? '';
    const key = `${request.method} ${route}`;
    if (ALWAYS.has(key)) return;
    if (route === '/api/templates/:refname') {
      const { refname } = request.params as { refname?: string };
      const own = !user.anonymousTemplate || user.anonymousTemplate === refname;
      if (own && catalog.find(refname ?? '')?.anonymous) return;
      throw new AppError(403, 'anonymous_scope');
    }
    if (DOCUMENT_ROUTE.test(route)) {
      if (AFTER_ISSUANCE.has(key)) return;
      const isPdfAction =
        key === 'POST /api/my-declarations/:id/action' &&
        (request.body as { action?: unknown } | undefined)?.action === 'pdf';
      if (isPdfAction) return;
      const { id } = request.params as { id?: string };
      const document = await database.db
        .selectFrom('documents')
        .select('state')
        .where('id', '=', id ?? '')
        .where('owner_id', '=', user.id)
        .executeTakeFirst()
        .catch(() => undefined);
      // Not found (or not its own): the route answers that itself.
      if (!document || WRITABLE_STATES.has(document.state)) return;
      throw new AppError(403, 'anonymous_scope');
    }
    throw new AppError(403, 'anonymous_scope');
  };
}

/** Installs the scope on every route of `api` (after the hooks that identify the caller). */
export function registerAnonymousScope(
  api: FastifyInstance,
  catalog: TemplateCatalog,
  database: Database,
): void {
  api.addHook('preHandler', anonymousScopeHook(catalog, database));
}

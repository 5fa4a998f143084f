import { http, HttpResponse } from 'msw';
import type { ApiDocument, DocumentWrite } from '@dilosi/domain';
import { server } from '../../../testing/setup';
import { documentBody } from './solemn-declaration';

/** An answer of the mock API: a document (200) or an error in the API's one shape. */
export type Answer = ApiDocument | Response;

/** `{ error: { code, message, data } }` with this status, as plugins/errors.ts sends it. */
export function apiError(
  status: number,
  code: string,
  message: string,
  data?: Record<string, unknown>,
): Response {
  return HttpResponse.json({ error: { code, message, ...(data ? { data } : {}) } }, { status });
}

function respond(answer: Answer): Response {
  return answer instanceof Response ? answer : HttpResponse.json(documentBody(answer));
}

type Handlers = {
  /** GET /api/my-declarations/{id}: the document as the server has it now. */
  get: () => Answer;
  /** POST /api/my-declarations/{id}: the answer to this update. */
  update?: (body: DocumentWrite) => Answer;
  /** POST /api/my-declarations/{id}/backstep. */
  backstep?: () => Answer;
  /** POST /api/my-declarations/{id}/action. */
  action?: (body: { action: string; arguments: Record<string, unknown> }) => Response;
};

/**
 * The document routes of one document, each request recorded. A route a test gives no handler
 * for is not mocked, so calling it fails the test (onUnhandledRequest: 'error').
 */
export function mockDocumentApi(id: string, handlers: Handlers) {
  const requests = {
    get: 0,
    updates: [] as DocumentWrite[],
    backsteps: 0,
    actions: [] as { action: string; arguments: Record<string, unknown> }[],
  };
  const url = `/api/my-declarations/${id}`;
  server.use(
    http.get(url, () => {
      requests.get += 1;
      return respond(handlers.get());
    }),
  );
  const { update, backstep, action } = handlers;
  if (update) {
    server.use(
      http.post(url, async ({ request }) => {
        const body = (await request.json()) as DocumentWrite;
        requests.updates.push(body);
        return respond(update(body));
      }),
    );
  }
  if (backstep) {
    server.use(
      http.post(`${url}/backstep`, () => {
        requests.backsteps += 1;
        return respond(backstep());
      }),
    );
  }
  if (action) {
    server.use(
      http.post(`${url}/action`, async ({ request }) => {
        const body = (await request.json()) as {
          action: string;
          arguments: Record<string, unknown>;
        };
        requests.actions.push(body);
        return action(body);
      }),
    );
  }
  return requests;
}

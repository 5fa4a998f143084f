import type { FastifyInstance, FastifyRequest } from 'fastify';
import { AppError } from './app-error';
import { requestLocale, translate } from './i18n';

/** Deepest nesting of arrays and objects a request body may have (the API's own need no more than 5). */
export const MAX_JSON_DEPTH = 64;

type Problem = { kind: 'depth' } | { kind: 'text'; path: string };

// U+0000 cannot be stored in PostgreSQL text or jsonb, and a lone surrogate has no UTF-8 form:
// the database refuses both, the PDF and e-mail renderers would garble them.
const LONE_SURROGATE = /\p{Cs}/u;

/** Text that contains U+0000 or a UTF-16 surrogate without its pair. */
export function hasInvalidCharacters(text: string): boolean {
  return text.includes('\u0000') || LONE_SURROGATE.test(text);
}

/**
 * The first problem of a parsed value, walked without recursion (a value may come from a
 * parser without a depth limit): nesting deeper than `maxDepth`, or a key or a text with
 * invalid characters, with its dotted path.
 */
export function findInputProblem(value: unknown, maxDepth = MAX_JSON_DEPTH): Problem | null {
  const stack: Array<{ value: unknown; depth: number; path: string }> = [
    { value, depth: 0, path: '' },
  ];
  while (stack.length > 0) {
    const item = stack.pop()!;
    if (typeof item.value === 'string') {
      if (hasInvalidCharacters(item.value)) return { kind: 'text', path: item.path };
      continue;
    }
    if (item.value === null || typeof item.value !== 'object') continue;
    const depth = item.depth + 1;
    if (depth > maxDepth) return { kind: 'depth' };
    const entries = Array.isArray(item.value)
      ? item.value.map((element, index) => [String(index), element] as const)
      : Object.entries(item.value as Record<string, unknown>);
    for (const [key, child] of entries) {
      const path = item.path ? `${item.path}.${key}` : key;
      if (hasInvalidCharacters(key)) return { kind: 'text', path };
      stack.push({ value: child, depth, path });
    }
  }
  return null;
}

function refusal(request: FastifyRequest, problem: Problem, where: string): AppError {
  if (problem.kind === 'depth') return new AppError(400, 'invalid_json');
  return invalidCharactersError(request, problem.path || where);
}

/** 400 text_invalid_characters naming the field, its message in the request's language. */
export function invalidCharactersError(request: FastifyRequest, field: string): AppError {
  return new AppError(400, 'text_invalid_characters', {
    invalid_fields: [
      {
        invalid_field: field,
        error_info: {
          code: 'text_invalid_characters',
          message: translate(requestLocale(request), 'errors', 'text_invalid_characters'),
        },
      },
    ],
  });
}

function check(request: FastifyRequest, value: unknown, where: string): void {
  const problem = findInputProblem(value);
  if (problem) throw refusal(request, problem, where);
}

/**
 * Input every route can trust (docs/architecture.md, "Errors"): JSON bodies parsed with a depth
 * limit (deeper: 400 invalid_json), and no U+0000 or lone surrogate in a query string, a path
 * parameter or a body, keys included (400 text_invalid_characters). A multipart body is checked
 * after the route's own preValidation has turned its `json` part into request.body.
 */
export function registerInputHygiene(app: FastifyInstance): void {
  const parseJson = app.getDefaultJsonParser('error', 'error');
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (request, body, done) => {
    parseJson(request, String(body), (error, value) => {
      if (error) return done(error);
      if (findInputProblem(value)?.kind === 'depth') {
        return done(new AppError(400, 'invalid_json'), undefined);
      }
      return done(null, value);
    });
  });

  // Callback hooks: no promise per request for what is, nearly always, a quick synchronous pass.
  app.addHook('preValidation', (request, _reply, done) => {
    try {
      check(request, request.params, 'params');
      check(request, request.query, 'query');
      if (!request.isMultipart?.()) check(request, request.body, 'body');
      done();
    } catch (error) {
      done(error as Error);
    }
  });
  app.addHook('preHandler', (request, _reply, done) => {
    try {
      if (request.isMultipart?.()) check(request, request.body, 'body');
      done();
    } catch (error) {
      done(error as Error);
    }
  });
}

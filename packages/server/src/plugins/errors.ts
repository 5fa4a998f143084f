import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import type { ErrorCode, InvalidField } from '@dilosi/domain';
import { AppError } from '../lib/app-error';
import { hasTranslation, requestLocale, translate } from '../lib/i18n';

type ErrorEntry = { message: string; code: string; meta: Record<string, unknown> };
type ErrorBody = {
  error: { code: ErrorCode; message: string; data?: Record<string, unknown> };
  errors: ErrorEntry[];
  'user-message'?: { el: string; en: string };
};

/** The invalid fields of an error's data, as `invalidFieldSchema` has them; none otherwise. */
function invalidFieldsOf(data: Record<string, unknown> | undefined): InvalidField[] {
  const fields = data?.invalid_fields;
  return Array.isArray(fields)
    ? fields.filter(
        (field): field is InvalidField =>
          typeof field === 'object' &&
          field !== null &&
          typeof (field as InvalidField).invalid_field === 'string',
      )
    : [];
}

/**
 * The spec's list form of one error (section 3, "API error"): an entry per invalid field, its
 * field in `meta.field`, or one entry for the whole request.
 */
function errorEntries(
  code: ErrorCode,
  message: string,
  data: Record<string, unknown> | undefined,
): ErrorEntry[] {
  const fields = invalidFieldsOf(data);
  if (fields.length === 0) return [{ message, code, meta: data ? { ...data } : {} }];
  return fields.map((field) => ({
    message: field.error_info.message || message,
    code: field.error_info.code || code,
    meta: {
      field: field.invalid_field,
      ...(field.error_info.params ? { params: field.error_info.params } : {}),
    },
  }));
}

/**
 * Builds the one error shape of the API, its message in the request's language: `error` (code,
 * message, data), the spec's list form `errors`, and for a code meant for the person (one the
 * errors catalogue has a text for) `user-message` in Greek and English whatever the language.
 */
export function errorBody(
  request: FastifyRequest,
  code: ErrorCode,
  data?: Record<string, unknown>,
): ErrorBody {
  const locale = requestLocale(request);
  const forPerson = hasTranslation('errors', code);
  const namespace = forPerson ? 'errors' : 'validation';
  // A code raised in more than one situation names which in `data.scope`: its message is then
  // the catalog's `code__scope` (e.g. event_limit_reached__daily_vouchers), when there is one.
  const scoped = typeof data?.scope === 'string' ? `${code}__${data.scope}` : undefined;
  const key = scoped && hasTranslation(namespace, scoped) ? scoped : code;
  const message = translate(locale, namespace, key, data);
  return {
    error: data ? { code, message, data } : { code, message },
    errors: errorEntries(code, message, data),
    ...(forPerson
      ? {
          'user-message': {
            el: translate('el', namespace, key, data),
            en: translate('en', namespace, key, data),
          },
        }
      : {}),
  };
}

const STATUS_CODES: Record<number, ErrorCode> = {
  400: 'invalid_request',
  401: 'no_authentication_token',
  403: 'permission_denied',
  404: 'not_found',
  405: 'invalid_request',
  406: 'invalid_request',
  413: 'payload_too_large',
  415: 'unsupported_media_type',
  429: 'rate_limited',
};

// @fastify/busboy (under @fastify/multipart) raises plain Errors on a malformed multipart body:
// no or a bad boundary, a body cut short (or with another boundary than the header's).
const MULTIPART_SYNTAX_ERRORS = [
  /^Multipart: Boundary not found$/,
  /^Boundary required$/,
  /^The needle cannot (be an empty String\/Buffer|have a length bigger than 256)\.$/,
  /^Unexpected end of multipart data$/,
  /^(Part|Field|File) terminated early due to unexpected end of multipart data$/,
];

// @fastify/multipart's own errors: a request that is not multipart (406) or a JSON field that
// is not JSON (406) is a bad request; a parts, files or fields limit is 413 as it says.
const MULTIPART_BAD_REQUEST = new Set([
  'FST_INVALID_MULTIPART_CONTENT_TYPE',
  'FST_INVALID_JSON_FIELD_ERROR',
  'FST_PROTO_VIOLATION',
  'FST_MP_PREMATURE_CLOSE',
]);

function isMultipartSyntaxError(request: FastifyRequest, error: Error): boolean {
  const type = request.headers['content-type'];
  return (
    typeof type === 'string' &&
    /^multipart\//i.test(type.trim()) &&
    MULTIPART_SYNTAX_ERRORS.some((pattern) => pattern.test(error.message))
  );
}

function classify(
  request: FastifyRequest,
  error: FastifyError | AppError,
): {
  status: number;
  code: ErrorCode;
  data?: Record<string, unknown>;
} {
  if (error instanceof AppError) {
    return { status: error.statusCode, code: error.code, data: error.data };
  }
  if (hasZodFastifySchemaValidationErrors(error)) {
    const invalidFields: InvalidField[] = error.validation.map((issue) => {
      const field =
        issue.instancePath.replace(/^\//, '').replaceAll('/', '.') ||
        String((issue.params as { issue?: { path?: unknown[] } }).issue?.path?.join('.') ?? '');
      return {
        invalid_field: field || error.validationContext || 'body',
        error_info: { code: String(issue.keyword), message: issue.message ?? '' },
      };
    });
    return { status: 400, code: 'invalid_request', data: { invalid_fields: invalidFields } };
  }
  const fastifyCode = error.code ?? '';
  if (MULTIPART_BAD_REQUEST.has(fastifyCode) || isMultipartSyntaxError(request, error)) {
    return { status: 400, code: 'invalid_request' };
  }
  if (
    fastifyCode === 'FST_ERR_CTP_INVALID_JSON_BODY' ||
    fastifyCode === 'FST_ERR_CTP_EMPTY_JSON_BODY' ||
    (error instanceof SyntaxError && error.statusCode === 400)
  ) {
    return { status: 400, code: 'invalid_json' };
  }
  const status = error.statusCode ?? 500;
  if (status >= 400 && status < 500) {
    return { status, code: STATUS_CODES[status] ?? 'invalid_request' };
  }
  return {
    status: status === 503 ? 503 : 500,
    code: status === 503 ? 'service_unavailable' : 'internal_error',
  };
}

/**
 * Fastify's `frameworkErrors`: a URL the router cannot decode (bad percent-encoding, 400) or a
 * path parameter over its maximum length (414) answers in the API's error shape.
 */
export function frameworkErrorHandler(
  error: FastifyError,
  request: FastifyRequest,
  reply: FastifyReply,
): void {
  const status = error.statusCode && error.statusCode < 500 ? error.statusCode : 400;
  request.log.info({ code: error.code, status }, 'request refused');
  void reply
    .status(status)
    .type('application/json; charset=utf-8')
    .send(errorBody(request, 'invalid_request'));
}

export function registerErrorHandling(
  app: FastifyInstance,
  options: { spaFallback: (request: FastifyRequest, reply: FastifyReply) => boolean },
): void {
  app.setErrorHandler((error: FastifyError | AppError, request, reply) => {
    const { status, code, data } = classify(request, error);
    if (status >= 500) request.log.error({ err: error }, 'request failed');
    else request.log.info({ code, status }, 'request refused');
    const headers = (error as FastifyError & { headers?: Record<string, string> }).headers;
    if (headers && status === 429) void reply.headers(headers);
    return reply
      .status(status)
      .type('application/json; charset=utf-8')
      .send(errorBody(request, code, data));
  });

  app.setNotFoundHandler((request, reply) => {
    if (options.spaFallback(request, reply)) return reply;
    return reply.status(404).send(errorBody(request, 'route_not_found'));
  });
}

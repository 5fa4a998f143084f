import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import type { InvalidField } from '@dilosi/domain';
import { AppError } from '../lib/app-error';
import { hasTranslation, requestLocale, translate } from '../lib/i18n';

type ErrorBody = { error: { code: string; message: string; data?: Record<string, unknown> } };

/** Builds the one error shape of the API, its message in the request's language. */
export function errorBody(
  request: FastifyRequest,
  code: string,
  data?: Record<string, unknown>,
): ErrorBody {
  const locale = requestLocale(request);
  const namespace = hasTranslation('errors', code) ? 'errors' : 'validation';
  const message = translate(locale, namespace, code, data);
  return { error: data ? { code, message, data } : { code, message } };
}

const STATUS_CODES: Record<number, string> = {
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

function classify(error: FastifyError | AppError): {
  status: number;
  code: string;
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

export function registerErrorHandling(
  app: FastifyInstance,
  options: { spaFallback: (request: FastifyRequest, reply: FastifyReply) => boolean },
): void {
  app.setErrorHandler((error: FastifyError | AppError, request, reply) => {
    const { status, code, data } = classify(error);
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

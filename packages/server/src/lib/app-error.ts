import type { ErrorCode } from '@dilosi/domain';

/**
 * An error with a catalogue code (spec section 8); the error handler turns it into the API error
 * shape. Only the domain's codes are accepted, so each has a translated message on the client.
 */
export class AppError extends Error {
  override name = 'AppError';
  constructor(
    readonly statusCode: number,
    readonly code: ErrorCode,
    readonly data?: Record<string, unknown>,
    message?: string,
  ) {
    super(message ?? code);
  }
}

export const notFound = (code: ErrorCode = 'not_found') => new AppError(404, code);
export const badRequest = (code: ErrorCode, data?: Record<string, unknown>) =>
  new AppError(400, code, data);

/**
 * 400 invalid_request naming one field and why (`code`, with `extra` such as a `max`): the shape
 * the web's forms put beside the field.
 */
export const invalidField = (field: string, code: string, extra: Record<string, unknown> = {}) =>
  new AppError(400, 'invalid_request', {
    invalid_fields: [{ invalid_field: field, error_info: { code, ...extra } }],
  });

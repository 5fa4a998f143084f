/** An error with a catalogue code (spec section 8); the error handler turns it into the API error shape. */
export class AppError extends Error {
  override name = 'AppError';
  constructor(
    readonly statusCode: number,
    readonly code: string,
    readonly data?: Record<string, unknown>,
    message?: string,
  ) {
    super(message ?? code);
  }
}

export const notFound = (code = 'not_found') => new AppError(404, code);
export const badRequest = (code: string, data?: Record<string, unknown>) =>
  new AppError(400, code, data);

import type { ApiError as ApiErrorBody } from '@dilosi/domain';
import { paths } from '../config/paths';
import { isAnonymousSession, restartAnonymousSession } from './anonymous-session';
import { clearSession, readSessionToken } from './session-token';

export type ApiErrorData = NonNullable<ApiErrorBody['error']['data']>;
export type ApiUserMessage = NonNullable<ApiErrorBody['user-message']>;
export type ApiErrorEntry = NonNullable<ApiErrorBody['errors']>[number];

/** Codes the client itself reports when there is no `{ error }` body to read. */
export const CLIENT_ERROR_CODES = { network: 'network_error', unknown: 'unknown_error' } as const;

/** A failed API call: the HTTP status plus the code, message and data of the error body. */
export class ApiRequestError extends Error {
  override readonly name = 'ApiRequestError';
  readonly status: number;
  readonly code: string;
  readonly data: ApiErrorData | undefined;
  /** The spec's list form: one entry per invalid field (`meta.field`), or one for the whole. */
  readonly errors: ApiErrorEntry[];
  /** The server's message meant for the person, in Greek and English. */
  readonly userMessage: ApiUserMessage | undefined;

  constructor(
    status: number,
    code: string,
    message: string,
    data?: ApiErrorData,
    extra: { errors?: ApiErrorEntry[]; userMessage?: ApiUserMessage } = {},
  ) {
    super(message);
    this.status = status;
    this.code = code;
    this.data = data;
    this.errors = extra.errors ?? [];
    this.userMessage = extra.userMessage;
  }
}

/**
 * The text an error answer means for the person (spec section 3, "user-message … Greek
 * preferred"): its `user-message` in the interface's language, Greek for Greek and English for
 * the others (there is no French variant), else the error's own message.
 */
export function userMessageOf(body: ApiErrorBody, language: string): string {
  const variants = body['user-message'];
  const preferred = language.toLowerCase().startsWith('el') ? variants?.el : variants?.en;
  return preferred || variants?.el || body.error.message;
}

export function isApiRequestError(error: unknown): error is ApiRequestError {
  return error instanceof ApiRequestError;
}

export type ApiFetchOptions = Omit<RequestInit, 'body'> & {
  /** Sent as JSON with the matching content type. */
  json?: unknown;
  body?: BodyInit;
  /** Do not treat a 401 as an expired session (login and logout calls). */
  skipSessionExpiry?: boolean;
  /** Answer the body as a Blob (a file download) instead of parsed JSON. */
  blob?: boolean;
};

const SESSION_ERROR_CODES = new Set(['invalid_token', 'no_authentication_token']);

/**
 * Spec section 8: a 401 with invalid_token or no_authentication_token logs out and sends the
 * browser to the login page, keeping where it was as `next`.
 */
function endExpiredSession(code: string): void {
  clearSession();
  const here = `${window.location.pathname}${window.location.search}`;
  window.location.assign(
    paths.auth.login.getHref({
      next: here,
      error_code: code === 'invalid_token' ? code : undefined,
    }),
  );
}

function isErrorBody(value: unknown): value is ApiErrorBody {
  if (!value || typeof value !== 'object' || !('error' in value)) return false;
  const { error } = value as { error: unknown };
  return (
    !!error &&
    typeof error === 'object' &&
    typeof (error as { code?: unknown }).code === 'string' &&
    typeof (error as { message?: unknown }).message === 'string'
  );
}

async function readJson(response: Response): Promise<unknown> {
  const text = await response.text();
  if (!text) return undefined;
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}

/**
 * fetch for `/api/*`: sends the session token when there is one and the interface language,
 * returns the parsed JSON body, and throws `ApiRequestError` for any non-2xx answer.
 */
export async function apiFetch<T>(path: string, options: ApiFetchOptions = {}): Promise<T> {
  const { json, headers: extraHeaders, skipSessionExpiry, blob, ...init } = options;
  const headers = new Headers(extraHeaders);
  if (!headers.has('Accept')) headers.set('Accept', 'application/json');
  if (!headers.has('Accept-Language') && document.documentElement.lang) {
    headers.set('Accept-Language', document.documentElement.lang);
  }
  const token = readSessionToken();
  if (token && !headers.has('Authorization')) headers.set('Authorization', `Bearer ${token}`);
  if (json !== undefined) {
    headers.set('Content-Type', 'application/json');
    init.body = JSON.stringify(json);
  }

  let response: Response;
  try {
    response = await fetch(path, { credentials: 'same-origin', ...init, headers });
  } catch (cause) {
    const error = new ApiRequestError(0, CLIENT_ERROR_CODES.network, 'Network error');
    error.cause = cause;
    throw error;
  }

  if (blob && response.ok) return (await response.blob()) as T;
  const body = response.status === 204 ? undefined : await readJson(response);
  if (!response.ok) {
    // An anonymous session refused (issue #37): log it out and authenticate again here.
    const isRefused = response.status === 401 || response.status === 403;
    if (isRefused && !skipSessionExpiry && isAnonymousSession()) {
      restartAnonymousSession();
    } else if (
      response.status === 401 &&
      !skipSessionExpiry &&
      isErrorBody(body) &&
      SESSION_ERROR_CODES.has(body.error.code)
    ) {
      endExpiredSession(body.error.code);
    }
    if (isErrorBody(body)) {
      throw new ApiRequestError(
        response.status,
        body.error.code,
        userMessageOf(body, document.documentElement.lang || 'el'),
        body.error.data,
        {
          ...(Array.isArray(body.errors) ? { errors: body.errors } : {}),
          ...(body['user-message'] ? { userMessage: body['user-message'] } : {}),
        },
      );
    }
    throw new ApiRequestError(
      response.status,
      CLIENT_ERROR_CODES.unknown,
      `HTTP ${response.status} ${response.statusText}`.trim(),
    );
  }
  return body as T;
}

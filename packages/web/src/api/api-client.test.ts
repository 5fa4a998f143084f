import { http, HttpResponse } from 'msw';
import { afterEach, describe, expect, it } from 'vitest';
import { server } from '../testing/setup';
import { apiFetch, ApiRequestError } from './api-client';

const CONFLICT = {
  error: { code: 'action_not_allowed_on_state', message: 'Message in the request language' },
  errors: [
    { code: 'action_not_allowed_on_state', message: 'Message in the request language', meta: {} },
  ],
  'user-message': { el: 'Ελληνικό μήνυμα', en: 'English message' },
};

async function failure(body: object, status = 409): Promise<ApiRequestError> {
  server.use(http.get('/api/thing', () => HttpResponse.json(body, { status })));
  const error = await apiFetch('/api/thing').catch((caught: unknown) => caught);
  expect(error).toBeInstanceOf(ApiRequestError);
  return error as ApiRequestError;
}

describe('an API error as the client reads it', () => {
  afterEach(() => {
    document.documentElement.lang = 'el';
  });

  it('prefers the Greek user-message when the interface is Greek', async () => {
    document.documentElement.lang = 'el';
    const error = await failure(CONFLICT);
    expect(error.message).toBe('Ελληνικό μήνυμα');
    expect(error.code).toBe('action_not_allowed_on_state');
    expect(error.status).toBe(409);
    expect(error.userMessage).toEqual(CONFLICT['user-message']);
    expect(error.errors).toEqual(CONFLICT.errors);
  });

  it('takes the English variant in English, and in French (there is no French one)', async () => {
    document.documentElement.lang = 'en';
    expect((await failure(CONFLICT)).message).toBe('English message');
    document.documentElement.lang = 'fr';
    expect((await failure(CONFLICT)).message).toBe('English message');
  });

  it('falls back to error.message without a user-message', async () => {
    const body = {
      error: {
        code: 'invalid_request',
        message: 'Τα δεδομένα δεν είναι έγκυρα.',
        data: { invalid_fields: [{ invalid_field: 'name', error_info: { code: 'required' } }] },
      },
    };
    const error = await failure(body, 400);
    expect(error.message).toBe('Τα δεδομένα δεν είναι έγκυρα.');
    expect(error.userMessage).toBeUndefined();
    expect(error.errors).toEqual([]);
    expect(error.data?.invalid_fields?.[0]?.invalid_field).toBe('name');
  });
});

import { screen } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { ACTION_POLL, CHECK_AFTER_POLL_MS, GENERIC_RETRY, type ApiDocument } from '@dilosi/domain';
import { describe, expect, it } from 'vitest';
import { ApiRequestError } from '../../../api/api-client';
import { renderApp } from '../../../testing/render-app';
import { server } from '../../../testing/setup';
import { apiError, mockDocumentApi } from '../testing/document-api';
import { DOCUMENT_ID, solemnDeclaration } from '../testing/solemn-declaration';
import { pollStepLookups, type LookupCalls } from './poll-step-lookups';

const POLL_ID = '7d1f8a52-3c7b-4e0e-9b7e-5a0c2f3d9e11';
const pending = { status: 'pending', poll_id: POLL_ID, sources: [] } as const;
const done = {
  status: 'notpending',
  poll_id: POLL_ID,
  sources: [{ registry: 'tax', fields: ['statement'], fetched_at: '2026-11-28T15:04:05Z' }],
} as const;
const tryLater = () =>
  new ApiRequestError(400, 'tax_try_later', 'try later', { retry: true, poll_id: POLL_ID });

/** Calls whose answers come from lists, recording the waits instead of waiting. */
function fakeCalls(starts: Array<() => unknown>, polls: Array<() => unknown> = []) {
  const waits: number[] = [];
  let started = 0;
  let polled = 0;
  const next = (list: Array<() => unknown>, index: number) =>
    Promise.resolve().then(list[Math.min(index, list.length - 1)] ?? (() => pending));
  const calls: LookupCalls = {
    start: () => next(starts, started++) as never,
    poll: () => next(polls, polled++) as never,
    sleep: async (ms) => {
      waits.push(ms);
    },
  };
  return { calls, waits, counts: () => ({ started, polled }) };
}

describe('pollStepLookups (spec sections 8 and 9)', () => {
  it('polls 10 ms after the start, then every second, until notpending', async () => {
    const { calls, waits } = fakeCalls([() => pending], [() => pending, () => done]);
    expect(await pollStepLookups(calls)).toEqual({ kind: 'done', answer: done, fetched: true });
    expect(waits).toEqual([CHECK_AFTER_POLL_MS, ACTION_POLL.delayMs]);
  });

  it('gives up after 30 polls, and after 10 retries of a 400 with data.retry', async () => {
    const polling = fakeCalls([() => pending], [() => pending]);
    expect(await pollStepLookups(polling.calls)).toEqual({ kind: 'limit' });
    expect(polling.counts().polled).toBe(ACTION_POLL.limit);

    const retrying = fakeCalls([
      () => {
        throw tryLater();
      },
    ]);
    expect(await pollStepLookups(retrying.calls)).toEqual({ kind: 'limit' });
    expect(retrying.counts().started).toBe(GENERIC_RETRY.limit + 1);
    expect(retrying.waits).toEqual(Array(GENERIC_RETRY.limit).fill(GENERIC_RETRY.delayMs));
  });

  it('retries a busy registry then succeeds; a registry that does not know the key ends it', async () => {
    const busy = fakeCalls([
      () => {
        throw tryLater();
      },
      () => done,
    ]);
    expect(await pollStepLookups(busy.calls)).toEqual({
      kind: 'done',
      answer: done,
      fetched: false,
    });
    const unknown = new ApiRequestError(400, 'tax_not_found', 'not found', { retry: false });
    const missing = fakeCalls([
      () => {
        throw unknown;
      },
    ]);
    expect(await pollStepLookups(missing.calls)).toEqual({ kind: 'failed', error: unknown });
  });
});

describe('the wizard step that fetches from a registry', () => {
  // The server's digest changes with the values the look-up wrote.
  const withPoll = (values: Record<string, unknown> = {}): ApiDocument => {
    const document = solemnDeclaration({ values, digest: JSON.stringify(values) });
    return {
      ...document,
      step_info: {
        ...document.step_info,
        poll: {
          endpoint: `my-declarations/${DOCUMENT_ID}/lookups`,
          id_field: 'poll_id',
          lookups: [{ registry: 'tax', fields: ['statement'] }],
        },
      },
    };
  };
  const lookups = `/api/my-declarations/${DOCUMENT_ID}/lookups`;

  it('shows what it fetches from which registry, then the form and where the value came from', async () => {
    let prefilled = false;
    mockDocumentApi(DOCUMENT_ID, {
      get: () => withPoll(prefilled ? { statement: 'Από το μητρώο' } : {}),
    });
    server.use(
      http.post(lookups, () => HttpResponse.json({ data: pending }, { status: 202 })),
      http.get(`${lookups}/${POLL_ID}`, () => {
        prefilled = true;
        return HttpResponse.json({ data: done });
      }),
    );
    renderApp(`/issue/${DOCUMENT_ID}/fields`);
    const intro = await screen.findByText(/Ανακτούμε στοιχεία σας από τα δημόσια μητρώα/);
    const progress = intro.closest('[role="status"]');
    expect(progress?.textContent).toContain('Κείμενο δήλωσης (πηγή: φορολογικό μητρώο)');
    expect(screen.queryByRole('button', { name: 'Συνέχεια' })).toBeNull();

    const textbox = await screen.findByRole('textbox', { name: /Κείμενο δήλωσης/ });
    // The form shows only once the draft was read again: never the value from before.
    expect((textbox as HTMLTextAreaElement).value).toBe('Από το μητρώο');
    expect(screen.getByText(/πηγή: φορολογικό μητρώο, 28\/11\/2026 17:04:05/)).toBeTruthy();
  });

  it('names the error with a retry button, and fetches again when pressed', async () => {
    mockDocumentApi(DOCUMENT_ID, { get: () => withPoll() });
    let starts = 0;
    server.use(
      http.post(lookups, () => {
        starts += 1;
        return starts === 1
          ? apiError(400, 'tax_not_found', 'not found', { retry: false })
          : HttpResponse.json({ data: done });
      }),
    );
    const { user } = renderApp(`/issue/${DOCUMENT_ID}/fields`);
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('Δεν βρέθηκαν στοιχεία για εσάς (το φορολογικό μητρώο).');
    // The form stays usable: the citizen may fill it in by hand.
    expect(screen.getByRole('button', { name: 'Συνέχεια' })).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Δοκιμάστε ξανά' }));
    expect(await screen.findByText(/πηγή: φορολογικό μητρώο/)).toBeTruthy();
    expect(starts).toBe(2);
  });
});

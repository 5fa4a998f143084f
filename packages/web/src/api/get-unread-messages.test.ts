import { CITIZEN_MESSAGE_TYPES } from '@dilosi/domain';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { server } from '../testing/setup';
import { getUnreadMessages } from './get-unread-messages';

describe('the unread count', () => {
  it('counts every type the messages page lists, incoming documents included', async () => {
    const asked: { types?: string[]; status?: string[] }[] = [];
    server.use(
      http.post('/api/gates/USER/gate/inbox-entries', async ({ request }) => {
        const body = (await request.json()) as { types?: string[]; status?: string[] };
        asked.push(body);
        // One plain message and one incoming document are new.
        const count = (body.types ?? []).includes('incoming-document') ? 2 : 1;
        return HttpResponse.json({
          data: [],
          meta: { incoming: { next: null }, next: null, counts: { incoming: count } },
        });
      }),
    );
    expect(await getUnreadMessages()).toBe(2);
    expect(asked[0]?.status).toEqual(['incoming']);
    expect(asked[0]?.types).toEqual([...CITIZEN_MESSAGE_TYPES]);
  });
});

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loginAs } from '../fixtures/citizens';
import { client, type ErrorBody } from '../fixtures/http';
import { FIXTURE_TEMPLATES_DIR } from '../fixtures/test-rules';
import { createTestApp, type TestApp } from '../helpers';

type RecipientsAnswer = {
  data: { codename: string; name: { el: string; en: string; fr: string } }[];
};

describe('GET /api/recipients', () => {
  let t: TestApp;
  let api: ReturnType<typeof client>;
  let token: string;

  beforeAll(async () => {
    t = await createTestApp({ env: { TEMPLATES_DIR: FIXTURE_TEMPLATES_DIR } });
    api = client(t.app);
    token = await loginAs(t, '100000015');
  });
  afterAll(async () => {
    await t.close();
  });

  const search = (q: string, headers: Record<string, string> = {}) =>
    api<RecipientsAnswer & ErrorBody>('GET', `/api/recipients?q=${encodeURIComponent(q)}`, {
      token,
      headers,
    });

  it('needs at least 3 characters after trimming', async () => {
    for (const query of ['', 'ab', '  ab  ']) {
      const response = await search(query);
      expect(response.status).toBe(400);
      expect(response.body.error).toEqual({
        code: 'query_too_short',
        message: 'Πληκτρολογήστε τουλάχιστον 3 χαρακτήρες για την αναζήτηση.',
        data: { min: 3 },
      });
    }
    const english = await search('ab', { 'accept-language': 'en' });
    expect(english.body.error.message).toBe('Type at least 3 characters to search.');
  });

  it('matches names in any language, without accents or case, and codenames', async () => {
    const greek = await search('αθηναιων');
    expect(greek.status).toBe(200);
    expect(greek.body.data).toEqual([
      {
        codename: 'DIMOS_ATHINAION',
        name: {
          el: 'Δήμος Αθηναίων',
          en: 'Municipality of Athens',
          fr: "Municipalité d'Athènes",
        },
      },
    ]);
    const english = await search('MUNICIPALITY');
    expect(english.body.data.map((entity) => entity.codename)).toEqual([
      'DIMOS_ATHINAION',
      'DIMOS_THESSALONIKIS',
    ]);
    const french = await search('municipalité de');
    expect(french.body.data.map((entity) => entity.codename)).toEqual(['DIMOS_THESSALONIKIS']);
    const codename = await search('efka');
    expect(codename.body.data.map((entity) => entity.codename)).toEqual(['EFKA']);
    expect((await search('nothing like this')).body.data).toEqual([]);
  });

  it('leaves out bodies that are not addressable or are disabled', async () => {
    await t.database.db
      .updateTable('entities')
      .set({ is_addressable: false })
      .where('codename', '=', 'DIMOS_THESSALONIKIS')
      .execute();
    await t.database.db
      .updateTable('entities')
      .set({ enabled: false })
      .where('codename', '=', 'DIMOS_ATHINAION')
      .execute();
    const response = await search('municipality');
    expect(response.body.data).toEqual([]);
  });

  it('answers at most 20 bodies', async () => {
    await t.database.db
      .insertInto('entities')
      .values(
        Array.from({ length: 25 }, (_, index) => ({
          codename: `SCHOOL_${index}`,
          display_name: JSON.stringify({ el: `Σχολείο ${index}` }),
          email: null,
        })),
      )
      .execute();
    const response = await search('σχολειο');
    expect(response.body.data).toHaveLength(20);
    // A name given only in Greek is offered in every language.
    expect(response.body.data[0]?.name.en).toMatch(/^Σχολείο \d+$/);
  });

  it('needs a login', async () => {
    const response = await api<ErrorBody>('GET', '/api/recipients?q=efka');
    expect(response.status).toBe(401);
    expect(response.body.error.code).toBe('no_authentication_token');
  });
});

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_FIRSTNAMES, DEMO_SURNAMES, seedDemoCases } from '../../src/seed/demo-cases';
import { createTestApp, type TestApp } from '../helpers';

describe('the demo cases', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => t?.close());

  it('name women with the feminine form of their surname, men with the masculine', async () => {
    expect(await seedDemoCases(t.database)).toBe(250);
    const rows = await t.database.db
      .selectFrom('inbox_entries')
      .select('citizen_name')
      .where('reference_code', 'like', 'DEMO%')
      .execute();
    const female = new Set(DEMO_FIRSTNAMES.filter((f) => f.isFemale).map((f) => f.name));
    const forms = new Map(
      DEMO_SURNAMES.flatMap((s) => [
        [s.male, 'male'],
        [s.female, 'female'],
      ]),
    );
    let women = 0;
    for (const { citizen_name } of rows) {
      const [first = '', surname = ''] = (citizen_name ?? '').split(' ');
      expect(forms.has(surname), citizen_name ?? '').toBe(true);
      const isFemale = female.has(first);
      if (isFemale) women += 1;
      // ΟΙΚΟΝΟΜΟΥ and ΠΑΠΑΝΙΚΟΛΑΟΥ are both; every other surname has two forms.
      if (surname !== 'ΟΙΚΟΝΟΜΟΥ' && surname !== 'ΠΑΠΑΝΙΚΟΛΑΟΥ') {
        expect(forms.get(surname), citizen_name ?? '').toBe(isFemale ? 'female' : 'male');
      }
    }
    expect(women).toBeGreaterThan(50);
    // No demo case carries the demo persons' surname, in either form.
    expect(rows.filter((r) => /ΠΑΠΑΔΟΠΟΥΛΟ/.test(r.citizen_name ?? ''))).toEqual([]);
  });
});

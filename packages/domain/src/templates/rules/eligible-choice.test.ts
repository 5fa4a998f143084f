import { describe, expect, it } from 'vitest';
import el from '../../i18n/el/validation.json';
import { eligibleSchool, workOrganisations } from './eligible-choice';

const context = { now: new Date('2024-06-15T10:00:00Z') };

describe('eligible_school', () => {
  const params = { field: 'school', eligible: ['0551010', '0551020'] };
  it('accepts a listed school and refuses another', () => {
    expect(eligibleSchool({ school: '0551010' }, params, context)).toEqual([]);
    expect(eligibleSchool({ school: '9999999' }, params, context)).toEqual([
      { field: 'school', error: { code: 'school_not_in_eligible_list' } },
    ]);
    expect(eligibleSchool({}, params, context)).toEqual([]);
  });
});

describe('work_organisations', () => {
  it('needs at least one organisation', () => {
    expect(workOrganisations({ orgs: [] }, { field: 'orgs' }, context)).toEqual([
      { field: 'orgs', error: { code: 'no_work_orgs' } },
    ]);
    expect(workOrganisations({ orgs: ['dimos'] }, { field: 'orgs' }, context)).toEqual([]);
  });

  it('needs one the template allows, when it names them', () => {
    const params = { field: 'orgs', allowed: ['dimos', 'perifereia'] };
    expect(workOrganisations({ orgs: ['private', 'dimos'] }, params, context)).toEqual([]);
    expect(workOrganisations({ orgs: ['private'] }, params, context)).toEqual([
      { field: 'orgs', error: { code: 'no_allowed_work_orgs' } },
    ]);
    expect(el.school_not_in_eligible_list).toContain('επιλέξιμες');
  });
});

import { describe, expect, it } from 'vitest';
import { readIdentity } from './identity-claims';
import { LoginError } from './login-errors';

const maria = { sub: 's-1', afm: '100000015', given_name: 'ΜΑΡΙΑ', family_name: 'ΠΑΠΑΔΟΠΟΥΛΟΥ' };

const refusal = (claims: Record<string, unknown>) => {
  try {
    readIdentity('gsis', claims);
  } catch (error) {
    if (error instanceof LoginError) return error.code;
    throw error;
  }
  return null;
};

describe('readIdentity parses claims strictly', () => {
  it('reads a person', () => {
    expect(readIdentity('gsis', { ...maria, legal_entity: false })).toMatchObject({
      kind: 'person',
      afm: '100000015',
      surname: 'ΠΑΠΑΔΟΠΟΥΛΟΥ',
    });
  });

  it.each([
    ['legal_entity true', { legal_entity: true }, 'corporate_account_not_allowed'],
    ['legal_entity as the string "true"', { legal_entity: 'true' }, 'invalid_person_data'],
    ['legal_entity as the string "false"', { legal_entity: 'false' }, 'invalid_person_data'],
    ['legal_entity as 1', { legal_entity: 1 }, 'invalid_person_data'],
    ['the AFM as a number', { afm: 100000015 }, 'invalid_person_data'],
    ['the AFM with spaces', { afm: ' 100000015' }, 'vatin_invalid'],
    ['the AFM of eight digits', { afm: '10000001' }, 'vatin_invalid'],
    ['the AFM in other digits', { afm: '١٠٠٠٠٠٠١٥' }, 'vatin_invalid'],
    ['the AFM with a wrong check digit', { afm: '100000016' }, 'vatin_invalid'],
    ['no AFM', { afm: undefined }, 'required_profile_keys_missing'],
    ['a surname that is not a string', { family_name: ['Α'] }, 'invalid_person_data'],
  ])('refuses %s', (_label, change, code) => {
    expect(refusal({ ...maria, ...change })).toBe(code);
  });
});

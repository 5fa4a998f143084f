import { isSameName } from '@dilosi/domain';
import type { Database } from '../../db/database';
import type { Person } from '../../db/schema';
import { registryOf } from '../registry';
import { LoginError } from './login-errors';

/** The person as the login alone knows it, when no registry is configured (checks off). */
function personFromLogin(identity: { afm: string; surname: string }): Person {
  return {
    afm: identity.afm,
    amka: null,
    firstname: '',
    surname: identity.surname,
    father_name: null,
    mother_name: null,
    birth_date: null,
    birth_place: null,
    id_number: null,
    id_type: null,
    gender: null,
    address: null,
    landline: null,
    mobile: null,
    mobile_certified: false,
    email: null,
    is_natural_person: true,
    tax_status: 'active',
    is_civil_servant: false,
    created_at: new Date() as unknown as Person['created_at'],
  };
}

/**
 * Looks the person up in the tax registry (the registry port: gateway or simulator) and refuses
 * whoever may not use the service: unknown, not a natural person, deceased, deactivated tax
 * number, or a provider whose name for the tax number is not the registry's. Without a registry
 * the check is off (said at start) and the login's own data stands.
 */
export async function checkRegistry(
  database: Database,
  identity: { afm: string; surname: string },
): Promise<Person> {
  const registry = registryOf(database);
  if (!registry.isAvailable) return personFromLogin(identity);
  const answer = await registry.lookup('tax', identity.afm);
  const person = answer.data as Person | null;
  if (!person) throw new LoginError('vatin_does_not_exist');
  if (!person.is_natural_person) throw new LoginError('vatin_not_a_person');
  if (person.tax_status === 'deceased') throw new LoginError('vatin_has_passed');
  if (person.tax_status === 'deactivated') throw new LoginError('vatin_deactivated');
  // In any script: a bank's PAPADOPOULOU is the registry's ΠΑΠΑΔΟΠΟΥΛΟΥ, SMITH is not (ELOT 743).
  if (!isSameName(identity.surname, person.surname)) throw new LoginError('vatin_no_match');
  return person;
}

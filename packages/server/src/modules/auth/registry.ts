import { isSameName } from '@dilosi/domain';
import type { Database } from '../../db/database';
import type { Person } from '../../db/schema';
import { LoginError } from './login-errors';

/**
 * Looks the person up in the registry stand-in (table persons) and refuses whoever may not use
 * the service: unknown, not a natural person, deceased, deactivated tax number, or a provider
 * whose name for the tax number is not the registry's.
 */
export async function checkRegistry(
  database: Database,
  identity: { afm: string; surname: string },
): Promise<Person> {
  const person = await database.db
    .selectFrom('persons')
    .selectAll()
    .where('afm', '=', identity.afm)
    .executeTakeFirst();
  if (!person) throw new LoginError('vatin_does_not_exist');
  if (!person.is_natural_person) throw new LoginError('vatin_not_a_person');
  if (person.tax_status === 'deceased') throw new LoginError('vatin_has_passed');
  if (person.tax_status === 'deactivated') throw new LoginError('vatin_deactivated');
  // In any script: a bank's PAPADOPOULOU is the registry's ΠΑΠΑΔΟΠΟΥΛΟΥ, SMITH is not (ELOT 743).
  if (!isSameName(identity.surname, person.surname)) throw new LoginError('vatin_no_match');
  return person;
}

import type { PersonAttribute, PersonData, Template } from '@dilosi/domain';
import type { Database } from '../../db/database';
import type { Person, User } from '../../db/schema';
import { registryOf } from '../registry';

/** The tax registry's record of a tax number (every new document reads it), through the port. */
async function personByAfm(database: Database, afm: string): Promise<Person | undefined> {
  const registry = registryOf(database);
  if (!registry.isAvailable) return undefined;
  const answer = await registry.lookup('tax', afm);
  return (answer.data as Person | null) ?? undefined;
}

/** 'YYYY-MM-DD' (a SQL date) as the DD/MM/YYYY the forms use. */
function toFormDate(value: string | null): string | undefined {
  const match = value ? /^(\d{4})-(\d{2})-(\d{2})/.exec(value) : null;
  return match ? `${match[3]}/${match[2]}/${match[1]}` : undefined;
}

function personData(person: Person): PersonData {
  const address = person.address ?? {};
  const data: Partial<Record<PersonAttribute, string | null | undefined>> = {
    firstname: person.firstname,
    surname: person.surname,
    father_name: person.father_name,
    mother_name: person.mother_name,
    birth_date: toFormDate(person.birth_date),
    birth_place: person.birth_place,
    id_number: person.id_number,
    id_type: person.id_type,
    afm: person.afm,
    amka: person.amka,
    gender: person.gender,
    address_street: address.street,
    address_number: address.number,
    address_city: address.city,
    address_postal_code: address.postal_code,
    landline: person.landline,
    mobile: person.mobile,
    email: person.email,
  };
  return Object.fromEntries(
    Object.entries(data).filter((entry): entry is [string, string] => !!entry[1]),
  );
}

/** What the login itself told us, for a person the registry does not know. */
function userData(user: User): PersonData {
  const data: PersonData = {};
  if (user.afm) data.afm = user.afm;
  if (user.firstname) data.firstname = user.firstname;
  if (user.surname) data.surname = user.surname;
  if (user.email) data.email = user.email;
  if (user.mobile) data.mobile = user.mobile;
  return data;
}

/**
 * The values of a new document: each field's default `value`, then the registry's value for
 * fields with an `origin` (the tax registry's record of the user's tax number). Answers the keys filled from
 * the registry too: their external_immutable fields cannot be changed by the citizen.
 */
export async function prefillValues(
  database: Database,
  template: Template,
  user: User,
): Promise<{ values: Record<string, unknown>; registryFields: string[] }> {
  const person = user.afm ? await personByAfm(database, user.afm) : undefined;
  const registry = person ? personData(person) : user.afm ? userData(user) : {};
  const values: Record<string, unknown> = {};
  const registryFields: string[] = [];
  for (const field of template.fields) {
    if (field.value !== undefined) values[field.key] = field.value;
    const fromRegistry = field.origin ? registry[field.origin] : undefined;
    if (fromRegistry) {
      values[field.key] = fromRegistry;
      registryFields.push(field.key);
    }
  }
  return { values, registryFields };
}

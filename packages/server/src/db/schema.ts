import type { ColumnType, Generated, Insertable, Selectable } from 'kysely';

type Timestamp = ColumnType<Date, Date | string | undefined, Date | string>;
export type LocalizedText = { el: string; en?: string; fr?: string };

export type EntitiesTable = {
  id: Generated<string>;
  codename: string;
  display_name: ColumnType<LocalizedText, string, string>;
  email: string | null;
  is_addressable: Generated<boolean>;
  is_managed: Generated<boolean>;
  has_inbox: Generated<boolean>;
  enabled: Generated<boolean>;
  parent_id: string | null;
  created_at: Generated<Timestamp>;
  updated_at: Generated<Timestamp>;
};

export type PersonsTable = {
  afm: string;
  amka: string | null;
  firstname: string;
  surname: string;
  father_name: string | null;
  mother_name: string | null;
  birth_date: ColumnType<string | null, string | null | undefined, string | null>;
  birth_place: string | null;
  id_number: string | null;
  id_type: string | null;
  gender: string | null;
  address: ColumnType<Record<string, string> | null, string | null | undefined, string | null>;
  landline: string | null;
  mobile: string | null;
  mobile_certified: Generated<boolean>;
  email: string | null;
  is_natural_person: Generated<boolean>;
  tax_status: Generated<'active' | 'deactivated' | 'deceased'>;
  is_civil_servant: Generated<boolean>;
  created_at: Generated<Timestamp>;
};

export type JobHeartbeatsTable = {
  name: string;
  last_run_at: Timestamp;
};

export type DB = {
  entities: EntitiesTable;
  persons: PersonsTable;
  job_heartbeats: JobHeartbeatsTable;
};

export type Entity = Selectable<EntitiesTable>;
export type NewEntity = Insertable<EntitiesTable>;
export type Person = Selectable<PersonsTable>;
export type NewPerson = Insertable<PersonsTable>;

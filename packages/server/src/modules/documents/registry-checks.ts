import {
  athensToday,
  isSameName,
  registryNotFound,
  type FieldError,
  type RegistryName,
  type TemplateStep,
} from '@dilosi/domain';
import { now } from '../../clock';
import { AppError } from '../../lib/app-error';
import type { RegistryPort, RegistryRecord } from '../registry';

const text = (value: unknown) => (typeof value === 'string' ? value.trim() : '');

type Needed = { registry: RegistryName; key: string };
const keyOf = ({ registry, key }: Needed) => `${registry}:${key}`;

/**
 * The registries' answers a step's checks need, fetched outside its transaction, by
 * `registry:key` (null: the registry does not know the key); `available` is false when no
 * registry is configured (the checks are then off, as at login).
 */
export type RegistryAnswers = Map<string, RegistryRecord | null> & { available?: boolean };

/** A check inside a transaction needs answers the registries were not asked for yet. */
class RegistryAnswersNeeded extends Error {
  constructor(readonly needed: Needed[]) {
    super('registry answers needed');
  }
}

/**
 * Runs `work` (a transaction) with the registry answers it needs: when a check inside asks for
 * one not fetched yet, the transaction is rolled back by the throw, the answers are fetched
 * outside it, and `work` runs once more with them. A registry look-up never holds a row lock or
 * the embedded database's only connection.
 */
export async function withRegistryAnswers<T>(
  registry: RegistryPort,
  answers: RegistryAnswers,
  work: () => Promise<T>,
): Promise<T> {
  answers.available = registry.isAvailable;
  try {
    return await work();
  } catch (error) {
    if (!(error instanceof RegistryAnswersNeeded)) throw error;
    for (const needed of error.needed) {
      answers.set(keyOf(needed), (await registry.lookup(needed.registry, needed.key)).data);
    }
    return work();
  }
}

/** The checks of a step that read a registry; each names what it needs, or answers its errors. */
type RegistryCheck = (
  answer: (needed: Needed) => RegistryRecord | null | undefined,
  step: TemplateStep,
  values: Record<string, unknown>,
  context: { editableKeys: ReadonlySet<string>; afm: string | null; now: Date },
) => FieldError[];

/**
 * The second-parent rule's server part (spec section 5, child name rules; issue #40): "the tax id
 * theirs". Where the tax registry knows the second parent's tax number, the surname given must be
 * its own, in any script (ELOT 743, as at login); a number it does not know passes here.
 */
const secondParentCheck: RegistryCheck = (answer, step, values, { editableKeys }) =>
  step.rules.flatMap((ref) => {
    if (ref.rule !== 'second_parent') return [];
    const afmKey = typeof ref.params.afm === 'string' ? ref.params.afm : undefined;
    const surnameKey = typeof ref.params.surname === 'string' ? ref.params.surname : undefined;
    if (!afmKey || !surnameKey || !editableKeys.has(afmKey)) return [];
    const afm = text(values[afmKey]);
    const surname = text(values[surnameKey]);
    if (afm === '' || surname === '') return [];
    const registered = answer({ registry: 'tax', key: afm })?.surname;
    return typeof registered === 'string' && !isSameName(surname, registered)
      ? [{ field: surnameKey, error: { code: 'second_parent_name_mismatch' } }]
      : [];
  });

/**
 * Student numbers against the student registry (spec section 5; issue #40): a declarant who says
 * she studies must be a student the registry knows (404 student_not_found, the registry's own
 * family, otherwise), and the number she gives must be hers there.
 */
const studentNumberCheck: RegistryCheck = (answer, step, values, { editableKeys, afm }) =>
  step.rules.flatMap((ref) => {
    if (ref.rule !== 'student_number' || !afm) return [];
    const capacityKey = typeof ref.params.capacity === 'string' ? ref.params.capacity : undefined;
    const numberKey = typeof ref.params.number === 'string' ? ref.params.number : undefined;
    if (!capacityKey || !numberKey || !editableKeys.has(numberKey)) return [];
    const studentValue =
      typeof ref.params.student_value === 'string' ? ref.params.student_value : 'student';
    if (text(values[capacityKey]) !== studentValue) return [];
    const number = text(values[numberKey]);
    if (number === '') return [];
    const record = answer({ registry: 'student', key: afm });
    if (record === undefined) return [];
    if (record === null) throw new AppError(404, registryNotFound('student'));
    return text(record.student_number) === number
      ? []
      : [{ field: numberKey, error: { code: 'student_number_mismatch' } }];
  });

/** A registry's birth date (`YYYY-MM-DD`, an ISO instant, or `DD/MM/YYYY`) as numbers. */
function registryBirth(value: unknown): { year: number; month: number; day: number } | null {
  const raw = value instanceof Date ? value.toISOString() : text(value);
  const iso = /^(\d{4})-(\d{2})-(\d{2})/.exec(raw);
  if (iso) return { year: Number(iso[1]), month: Number(iso[2]), day: Number(iso[3]) };
  const greek = /^(\d{2})\/(\d{2})\/(\d{4})$/.exec(raw);
  if (greek) return { year: Number(greek[3]), month: Number(greek[2]), day: Number(greek[1]) };
  return null;
}

/** The declarant's tax-registry record; undefined while not fetched, 404 when unknown. */
function declarantRecord(
  answer: (needed: Needed) => RegistryRecord | null | undefined,
  afm: string,
): RegistryRecord | undefined {
  const record = answer({ registry: 'tax', key: afm });
  if (record === null) throw new AppError(404, registryNotFound('tax'));
  return record;
}

/**
 * The year and month of birth against the tax registry (spec section 5, rules that need a
 * registry; issue #36): valid ones (the rule's form part) must be the declarant's own there; a
 * registry without a birth date for her passes here.
 */
const birthYearMonthCheck: RegistryCheck = (answer, step, values, { editableKeys, afm }) =>
  step.rules.flatMap((ref) => {
    if (ref.rule !== 'birth_year_month' || !afm) return [];
    const yearKey = typeof ref.params.year === 'string' ? ref.params.year : undefined;
    const monthKey = typeof ref.params.month === 'string' ? ref.params.month : undefined;
    if (!yearKey || !monthKey || !editableKeys.has(yearKey)) return [];
    const year = Number(text(values[yearKey]));
    const month = Number(text(values[monthKey]));
    if (!year || !month) return [];
    const record = declarantRecord(answer, afm);
    const birth = record ? registryBirth(record.birth_date) : null;
    if (!birth) return [];
    return birth.year === year && birth.month === month
      ? []
      : [{ field: yearKey, error: { code: 'birth_year_month_mismatch' } }];
  });

/**
 * The declarant's age from the tax registry's birth date (spec section 5: ages 17 and 18 where a
 * template sets them; issue #36): under `min` years today (Athens), `age_too_low` on `field`.
 */
const registryAgeCheck: RegistryCheck = (answer, step, _values, { afm, now }) =>
  step.rules.flatMap((ref) => {
    if (ref.rule !== 'registry_age' || !afm) return [];
    const field = typeof ref.params.field === 'string' ? ref.params.field : undefined;
    const min = typeof ref.params.min === 'number' ? ref.params.min : undefined;
    if (!field || min === undefined) return [];
    const record = declarantRecord(answer, afm);
    const birth = record ? registryBirth(record.birth_date) : null;
    if (!birth) return [];
    const today = athensToday(now);
    const hadBirthday =
      today.month > birth.month || (today.month === birth.month && today.day >= birth.day);
    const age = today.year - birth.year - (hadBirthday ? 0 : 1);
    return age < min ? [{ field, error: { code: 'age_too_low', params: { min } } }] : [];
  });

const CHECKS: readonly RegistryCheck[] = [
  secondParentCheck,
  studentNumberCheck,
  birthYearMonthCheck,
  registryAgeCheck,
];

/**
 * The step's checks that read a registry, over the answers fetched before the transaction; when
 * one needs an answer not fetched yet, the step is run again with it (withRegistryAnswers).
 * Without a registry they are off, as at login.
 */
export function checkWithRegistries(
  answers: RegistryAnswers,
  step: TemplateStep,
  values: Record<string, unknown>,
  context: { editableKeys: ReadonlySet<string>; afm: string | null; now?: Date },
): FieldError[] {
  if (!answers.available) return [];
  const missing: Needed[] = [];
  const answer = (needed: Needed) => {
    const key = keyOf(needed);
    if (answers.has(key)) return answers.get(key) ?? null;
    missing.push(needed);
    return undefined;
  };
  const full = { ...context, now: context.now ?? now() };
  const errors = CHECKS.flatMap((check) => check(answer, step, values, full));
  if (missing.length > 0) throw new RegistryAnswersNeeded(missing);
  return errors;
}

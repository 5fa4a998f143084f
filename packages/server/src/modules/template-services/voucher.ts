import type { TemplateService } from '@dilosi/domain';
import { sql } from 'kysely';
import type { User } from '../../db/schema';
import { AppError } from '../../lib/app-error';
import type { Queryable } from '../../db/queryable';

type VoucherService = Extract<TemplateService, { kind: 'voucher' }>;

/** Midnight in Athens of the day `at` falls on, as an instant (DST-aware through the database). */
const athensDayStartOf = (at: Date) =>
  sql<Date>`(date_trunc('day', ${at}::timestamptz at time zone 'Europe/Athens')) at time zone 'Europe/Athens'`;

/** The beneficiary's tax number: the field the programme names, else the citizen's own. */
export function voucherBeneficiary(
  service: VoucherService,
  values: Record<string, unknown>,
  user: Pick<User, 'afm'>,
): string | null {
  const named = service.beneficiary_field ? values[service.beneficiary_field] : undefined;
  if (typeof named === 'string' && named.trim() !== '') return named.trim();
  return user.afm ?? null;
}

async function grantedToday(db: Queryable, programme: string, at: Date): Promise<number> {
  const row = await db
    .selectFrom('voucher_grants')
    .select((eb) => eb.fn.countAll<string>().as('count'))
    .where('programme', '=', programme)
    .where('granted_at', '>=', athensDayStartOf(at))
    .executeTakeFirstOrThrow();
  return Number(row.count);
}

/**
 * The early look, at every step (spec section 8): the bucket is empty (409
 * bucket_out_of_vouchers), the beneficiary already has one (409 beneficiary_has_voucher), or the
 * day's vouchers are given (429 event_limit_reached). Nothing is taken: the claim at issuance
 * decides, under the programme's lock.
 */
export async function checkVoucher(
  db: Queryable,
  service: VoucherService,
  input: { values: Record<string, unknown>; user: Pick<User, 'afm'>; at: Date },
): Promise<void> {
  const bucket = await db
    .selectFrom('voucher_programmes')
    .select('remaining')
    .where('programme', '=', service.programme)
    .executeTakeFirst();
  if (bucket && bucket.remaining <= 0) throw new AppError(409, 'bucket_out_of_vouchers');
  const beneficiary = voucherBeneficiary(service, input.values, input.user);
  if (beneficiary) {
    const granted = await db
      .selectFrom('voucher_grants')
      .select('document_id')
      .where('programme', '=', service.programme)
      .where('beneficiary_afm', '=', beneficiary)
      .executeTakeFirst();
    if (granted) throw new AppError(409, 'beneficiary_has_voucher');
  }
  if ((await grantedToday(db, service.programme, input.at)) >= service.daily_limit) {
    throw new AppError(429, 'event_limit_reached', { scope: 'daily_vouchers' });
  }
}

/**
 * Takes one voucher for the document being issued, in the issuance's transaction: the
 * programme's row (made with the template's bucket on the first claim) is decremented first,
 * which locks it, so concurrent claims are counted one after the other against the day's limit;
 * the grant's key refuses a second voucher for the same beneficiary. Any refusal rolls the whole
 * issuance back.
 */
export async function claimVoucher(
  db: Queryable,
  service: VoucherService,
  input: { values: Record<string, unknown>; user: Pick<User, 'afm'>; documentId: string; at: Date },
): Promise<void> {
  const beneficiary = voucherBeneficiary(service, input.values, input.user);
  if (!beneficiary) throw new AppError(409, 'beneficiary_has_voucher');
  await db
    .insertInto('voucher_programmes')
    .values({ programme: service.programme, remaining: service.bucket, created_at: input.at })
    .onConflict((conflict) => conflict.column('programme').doNothing())
    .execute();
  const taken = await db
    .updateTable('voucher_programmes')
    .set((eb) => ({ remaining: eb('remaining', '-', 1) }))
    .where('programme', '=', service.programme)
    .where('remaining', '>', 0)
    .returning('remaining')
    .executeTakeFirst();
  if (!taken) throw new AppError(409, 'bucket_out_of_vouchers');
  if ((await grantedToday(db, service.programme, input.at)) >= service.daily_limit) {
    throw new AppError(429, 'event_limit_reached', { scope: 'daily_vouchers' });
  }
  const granted = await db
    .insertInto('voucher_grants')
    .values({
      programme: service.programme,
      beneficiary_afm: beneficiary,
      document_id: input.documentId,
      granted_at: input.at,
    })
    .onConflict((conflict) => conflict.columns(['programme', 'beneficiary_afm']).doNothing())
    .returning('document_id')
    .executeTakeFirst();
  if (!granted) throw new AppError(409, 'beneficiary_has_voucher');
}

import { REGISTRY_ERROR_CODES } from '../registries/registry-errors';

/**
 * The service-specific codes of spec section 8 (apostille, covid, access and limits, registry
 * lookups, temporary problems, the gdaefk__/onomatodosia_/edupass_ families), with the place the
 * web shows each. Every code has a message in i18n/<locale>/errors.json (or validation.json for a
 * field error a template rule raises); a code no code path raises is listed in
 * RESERVED_SERVICE_ERROR_CODES with the service it waits for (packages/server/test/error-codes-raised.test.ts checks both).
 */

/** Where the web shows a code: on the field, on the step, as a toast, or as a whole page. */
export type ErrorPlace = 'field' | 'step' | 'toast' | 'page';

export const SERVICE_ERROR_PLACES = {
  apostille_document_not_found: 'field',
  apostille_template_not_allowed: 'field',
  apostille_no_access: 'field',
  apostille_not_issued: 'field',
  apostille_no_afm: 'page',
  apostille_issued_before_cutoff: 'field',
  apostille_last_claim_error: 'toast',
  covid_recovery_too_early: 'field',
  covid_last_test_positive: 'field',
  covid_validity_expired: 'page',
  covid_pcr_required: 'field',
  covid_abroad_vaccination_not_allowed: 'field',
  could_not_get_pool_slot: 'toast',
  poiniko_ait_already_pending: 'page',
  invalid_template: 'page',
  bucket_out_of_vouchers: 'page',
  beneficiary_has_voucher: 'page',
  civil_registry_not_found: 'page',
  tax_registry_not_found: 'page',
  police_id_not_found: 'page',
  passport_not_found: 'page',
  vehicle_not_found: 'field',
  amka_not_found: 'field',
  health_data_not_found: 'page',
  student_not_found: 'page',
  diploma_not_found: 'page',
  birth_certificate_not_found: 'page',
  criminal_record_not_found: 'page',
  payment_slip_1789_not_found: 'field',
  payment_slip_6193_not_found: 'field',
  wallet_not_found: 'page',
  property_not_found: 'field',
  photo_not_found: 'page',
  interop_clienterror: 'toast',
  registry_try_later: 'toast',
  gdaefk__not_eligible: 'page',
  onomatodosia_child_not_found: 'page',
  edupass_not_eligible: 'page',
  school_not_in_eligible_list: 'field',
  no_work_orgs: 'field',
  no_allowed_work_orgs: 'field',
} as const satisfies Record<string, ErrorPlace>;

/** Where the web shows a service code; undefined for any other code (the wizard's own notice). */
export function serviceErrorPlace(code: string): ErrorPlace | undefined {
  return Object.hasOwn(SERVICE_ERROR_PLACES, code)
    ? SERVICE_ERROR_PLACES[code as keyof typeof SERVICE_ERROR_PLACES]
    : undefined;
}

/**
 * The codes of this catalogue that the registries' own list (registries/registry-errors.ts,
 * issue #36) does not already hold: each code is listed once in ERROR_CODES.
 */
export const SERVICE_ERROR_CODES = (
  Object.keys(SERVICE_ERROR_PLACES) as (keyof typeof SERVICE_ERROR_PLACES)[]
).filter((code) => !(REGISTRY_ERROR_CODES as readonly string[]).includes(code));

/** Codes no code path raises yet, each with the service or registry it waits for. */
export const RESERVED_SERVICE_ERROR_CODES: Partial<
  Record<keyof typeof SERVICE_ERROR_PLACES, string>
> = {
  apostille_last_claim_error:
    "the Foreign Ministry's apostille sealing is not run here: the request is checked and filed as an application, and only a failed sealing would raise it",
  covid_recovery_too_early: 'the covid certificate services were withdrawn; no template uses them',
  covid_last_test_positive: 'the covid certificate services were withdrawn; no template uses them',
  covid_validity_expired: 'the covid certificate services were withdrawn; no template uses them',
  covid_pcr_required: 'the covid certificate services were withdrawn; no template uses them',
  covid_abroad_vaccination_not_allowed:
    'the covid certificate services were withdrawn; no template uses them',
  could_not_get_pool_slot: 'no service here hands out slots from a pool (appointments)',
  invalid_template:
    'templates are checked when the catalogue loads, so no request meets an invalid one',
  civil_registry_not_found: 'a registry or interoperability gateway we do not run',
  tax_registry_not_found: 'a registry or interoperability gateway we do not run',
  registry_try_later: 'a registry or interoperability gateway we do not run',
  gdaefk__not_eligible: 'the programme-card service (gdaefk) is not run',
  onomatodosia_child_not_found: 'a registry or interoperability gateway we do not run',
  edupass_not_eligible: 'the school-pass service (edupass) is not run',
};

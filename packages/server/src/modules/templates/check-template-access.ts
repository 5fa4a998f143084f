import type { Template } from '@dilosi/domain';
import type { Database } from '../../db/database';
import { AppError } from '../../lib/app-error';
import { requireClaims, type CurrentUser } from '../auth';
import type { TemplateCatalog } from './template-catalog';
import { registryOf } from '../registry';
import { employersOf, isCertifiedTranslator } from './restriction-lookups';

/**
 * The template of a refname as a citizen may use it: 404 template_not_found (unknown, or a
 * devel template with DEVEL off), 410 template_disabled with the service that replaced it.
 */
export function findUsableTemplate(catalog: TemplateCatalog, refname: string): Template {
  const template = catalog.find(refname);
  if (!template) throw new AppError(404, 'template_not_found');
  if (!template.enabled) {
    throw new AppError(410, 'template_disabled', {
      service_name: template.serviceName ?? template.title,
      service_url: template.serviceURL ?? null,
    });
  }
  return template;
}

/**
 * The restrictions of a template for a logged-in user, in this order: named operators and
 * anonymous use (403 template_not_accessible; another template than an anonymous session's
 * own: 403 anonymous_scope), tax-number ending
 * (template_not_accessible_for_afm_ending), civil servants (not_civil_servant), certified
 * translators, permitted employers and named operators (see checkRegistryRestrictions), then the required claims (missing_required_claims with
 * data.claims).
 */
export async function checkTemplateAccess(
  database: Database,
  template: Template,
  user: CurrentUser,
): Promise<void> {
  const afm = user.record.afm;
  const { allowed_afms, afm_endings, civil_servants_only } = template.restrictions;
  if (user.isAnonymous && !template.anonymous) throw new AppError(403, 'template_not_accessible');
  // An anonymous session reaches only the template its login was started for (issue #37).
  if (user.anonymousTemplate && user.anonymousTemplate !== template.refname) {
    throw new AppError(403, 'anonymous_scope');
  }
  if (allowed_afms && (!afm || !allowed_afms.includes(afm))) {
    throw new AppError(403, 'template_not_accessible');
  }
  if (afm_endings && (!afm || !afm_endings.includes(afm.slice(-1)))) {
    throw new AppError(403, 'template_not_accessible_for_afm_ending', { afm_endings });
  }
  if (civil_servants_only) {
    const person = afm ? (await registryOf(database).lookup('tax', afm)).data : null;
    if (person?.is_civil_servant !== true) throw new AppError(403, 'not_civil_servant');
  }
  await checkRegistryRestrictions(database, template, afm);
  const required = [...template.required_claims];
  if (template.requireGSIS && !required.includes('gsis_login')) required.push('gsis_login');
  requireClaims(user, required);
}

/**
 * The restrictions of issue #37, each with its code (403): `certified_translators`, a translator
 * in the registry not struck off (not_certified_translator); `permitted_employers`, an employer
 * of the person (no_work_orgs without one) in the template's list (no_allowed_work_orgs);
 * `named_operators`, the person in the list its entity keeps (not_named_operator). Translators
 * and employers come from the registry port, or from the tables kept in their place without one
 * (restriction-lookups.ts); a registry that cannot answer is its `*_try_later`. A session without
 * a tax number (anonymous) meets none of them.
 */
async function checkRegistryRestrictions(
  database: Database,
  template: Template,
  afm: string | null,
): Promise<void> {
  const { certified_translators, permitted_employers, named_operators } = template.restrictions;
  const { db } = database;
  if (certified_translators && !(afm && (await isCertifiedTranslator(database, afm)))) {
    throw new AppError(403, 'not_certified_translator');
  }
  if (permitted_employers) {
    const employers = afm ? await employersOf(database, afm) : [];
    if (employers.length === 0) throw new AppError(403, 'no_work_orgs');
    const permitted = await db
      .selectFrom('template_permitted_employers')
      .select('employer_afm')
      .where('template_refname', '=', template.refname)
      .where(
        'employer_afm',
        'in',
        employers.map((employer) => employer.afm),
      )
      .executeTakeFirst();
    if (!permitted) throw new AppError(403, 'no_allowed_work_orgs');
  }
  if (named_operators) {
    const operator = afm
      ? await db
          .selectFrom('template_named_operators')
          .select('afm')
          .where('template_refname', '=', template.refname)
          .where('afm', '=', afm)
          .executeTakeFirst()
      : undefined;
    if (!operator) throw new AppError(403, 'not_named_operator');
  }
}

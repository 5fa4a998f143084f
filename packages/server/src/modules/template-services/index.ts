import type { ErrorCode, FieldError, Template } from '@dilosi/domain';
import type { User } from '../../db/schema';
import { AppError } from '../../lib/app-error';
import type { Queryable } from '../../db/queryable';
import { checkApostille } from './apostille';
import { checkOneInProgress } from './one-in-progress';
import { checkVoucher, claimVoucher } from './voucher';

export { APOSTILLE_CUTOFF } from './apostille';

type ServiceInput = {
  template: Template;
  /** The document's values as they would be saved. */
  values: Record<string, unknown>;
  user: Pick<User, 'id' | 'afm'>;
  documentId: string;
  at: Date;
};

/**
 * The template's service checked at a step (issue #40, docs/templates.md "Services"): field
 * errors for the step's form (the apostille's document, when its field is on the step), or a
 * thrown AppError for what the whole page says (no tax number, an empty bucket, a voucher
 * already given, the day's limit, a request already in progress).
 */
export async function checkTemplateService(
  db: Queryable,
  input: ServiceInput & { editableKeys: ReadonlySet<string> },
): Promise<FieldError[]> {
  const service = input.template.service;
  switch (service?.kind) {
    case undefined:
      return [];
    case 'apostille':
      return input.editableKeys.has(service.document_field)
        ? checkApostille(db, service, input)
        : [];
    case 'voucher':
      await checkVoucher(db, service, input);
      return [];
    case 'one_in_progress':
      await checkOneInProgress(db, service, {
        templateRefname: input.template.refname,
        user: input.user,
        exceptId: input.documentId,
      });
      return [];
  }
}

/**
 * The service claimed in the issuance's transaction: what was checked at the steps is checked
 * again under lock (the document named may have been revoked meanwhile, the bucket emptied), and
 * a voucher is taken. A refusal rolls the issuance back; the document stays requested.
 */
export async function claimTemplateService(db: Queryable, input: ServiceInput): Promise<void> {
  const service = input.template.service;
  switch (service?.kind) {
    case undefined:
      return;
    case 'apostille': {
      const errors = await checkApostille(db, service, input);
      const first = errors[0];
      if (first) throw new AppError(409, first.error.code as ErrorCode);
      return;
    }
    case 'voucher':
      return claimVoucher(db, service, input);
    case 'one_in_progress':
      return checkOneInProgress(db, service, {
        templateRefname: input.template.refname,
        user: input.user,
        exceptId: input.documentId,
      });
  }
}

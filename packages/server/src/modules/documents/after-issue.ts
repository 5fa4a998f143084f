import type { Template } from '@dilosi/domain';
import type { DocumentRow, User } from '../../db/schema';
import type { Issuer } from './document-issuer';
import type { Queryable } from './document-queries';
import { deliverCorrection } from './deliver-correction';
import { deliverEntityDocument, deliverIssuedDocument, type IssuanceServices } from '../issuance';

type AfterIssueInput<I extends Issuer> = {
  issuer: I;
  issued: DocumentRow;
  template: Template;
  /** The caller: the citizen, or the clerk issuing on the entity's behalf. */
  user: User;
  issuedAt: Date;
};

type AfterIssue<I extends Issuer> = (
  trx: Queryable,
  services: Pick<IssuanceServices, 'config' | 'notifier'>,
  input: AfterIssueInput<I>,
) => Promise<DocumentRow>;

/** What follows an issuance, by who issued it; answers the document as it is to be shown. */
const AFTER_ISSUE: { [K in Issuer['kind']]: AfterIssue<Extract<Issuer, { kind: K }>> } = {
  // The recipient's case, or the custom recipient's link (deliver-document.ts).
  async citizen(trx, services, { issued, template, user, issuedAt }) {
    // A correction a clerk asked for goes back to its case (issue #41).
    const corrected = await deliverCorrection(trx, { issued, userId: user.id, issuedAt });
    if (corrected) return { ...issued, case_id: corrected };
    const caseId = await deliverIssuedDocument(trx, services, {
      row: issued,
      template,
      user,
      issuedAt,
    });
    return caseId ? { ...issued, case_id: caseId } : issued;
  },
  // The reply's case and the citizen's incoming document (deliver-entity-document.ts).
  async entity(trx, services, { issuer, issued, template, user, issuedAt }) {
    await deliverEntityDocument(trx, services, {
      issued,
      template,
      entity: issuer.entity,
      caseStatus: issuer.caseStatus,
      userId: user.id,
      issuedAt,
    });
    return issued;
  },
};

/** Runs, in the issuance's transaction, what follows it for the issuer's kind. */
export function afterIssue(
  trx: Queryable,
  services: Pick<IssuanceServices, 'config' | 'notifier'>,
  input: AfterIssueInput<Issuer>,
): Promise<DocumentRow> {
  const run = AFTER_ISSUE[input.issuer.kind] as AfterIssue<Issuer>;
  return run(trx, services, input);
}

import type { ScopeActionTable } from '../documents';
import { actionMessage, ArgumentErrors, readActions } from '../documents';
import { dismissCase, shareCase } from '../cases';
import type { IssuanceServices } from '../issuance';

type CaseKey = { entityId: string; inboxId: string; userId: string };

/**
 * The case scope's actions (`entity/{entityId}/inbox/{inboxId}`): the document's read actions,
 * and the case's own `share` (with each person of `targets`, recorded in the case's history)
 * and `dismiss` (the closed case off the lists), whose states the case decides.
 */
export function caseScopeActions(
  key: CaseKey,
): ScopeActionTable<'entity/{entityId}/inbox/{inboxId}', IssuanceServices> {
  return {
    useCases: {
      ...readActions,
      async share(services, { args, locale }) {
        const errors = new ArgumentErrors(locale);
        const targets = errors.personTargets(args);
        errors.throwIfAny();
        for (const target of targets) {
          await shareCase(services, services.database.db, { ...key, target });
        }
        const names = targets.map((target) => `${target.firstname} ${target.surname}`);
        return { message: actionMessage(locale, 'shared', { name: names.join(', ') }) };
      },
      async dismiss(services, { locale }) {
        await dismissCase(services.database.db, key);
        return { message: actionMessage(locale, 'case_dismissed') };
      },
    },
    checksItsOwnState: ['share', 'dismiss'],
  };
}

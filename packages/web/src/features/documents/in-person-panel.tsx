import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { formatAthensDateTime, formatKepCode, type ApiDocument } from '@dilosi/domain';
import { paths } from '../../config/paths';
import { useErrorMessage } from '../../ui/use-error-message';
import { getCitizenDeclarationQueryOptions } from './api/get-citizen-declaration';
import { getDocumentQueryOptions } from './api/get-document';
import { inPersonCodeQueryOptions, useInPersonCode, useRequestInPerson } from './api/in-person';
import { WizardNotice } from './wizard-notice';

/** How often the waiting page asks whether the officer confirmed. */
const POLL_MS = 5000;

/** Whether an anonymous person may ask for (or waits for) confirmation at a KEP (issue #37). */
export function offersInPerson(document: ApiDocument, isAnonymous: boolean): boolean {
  return isAnonymous && (document.anonymous_confirmation?.includes('in_person') ?? false);
}

/**
 * At the preview: the other way to confirm, a code to take to a KEP; and, when an officer
 * refused her last request, why (none asked yet: the server answers null, nothing is shown).
 */
export function InPersonOffer({ document }: { document: ApiDocument }) {
  const { t } = useTranslation('wizard');
  const errorMessage = useErrorMessage();
  const request = useRequestInPerson();
  const last = useQuery(inPersonCodeQueryOptions(document.id));
  const refused = last.data?.state === 'refused' ? last.data : null;
  return (
    <section className="dilosi-in-person" aria-labelledby="in-person-offer">
      {refused ? (
        <WizardNotice variant="error" title={t('inPerson.refusedTitle')}>
          <p className="govgr-body">
            {t('inPerson.refusedReason', { reason: refused.refusal_reason ?? '—' })}
          </p>
        </WizardNotice>
      ) : null}
      <h2 id="in-person-offer" className="govgr-heading-m">
        {t('inPerson.offerTitle')}
      </h2>
      <p className="govgr-body">{t('inPerson.offerText')}</p>
      {request.isError ? (
        <WizardNotice variant="error" title={t('inPerson.failed')}>
          <p className="govgr-body">{errorMessage(request.error)}</p>
        </WizardNotice>
      ) : null}
      <button
        type="button"
        className="govgr-btn govgr-btn-secondary"
        disabled={request.isPending}
        onClick={() => request.mutate(document)}
      >
        {t('inPerson.offerButton')}
      </button>
    </section>
  );
}

/**
 * A request waiting at a KEP: the code, what to bring, until when; the document is asked for
 * again every few seconds, and once the officer has issued it the done page shows it.
 */
export function InPersonWaiting({ document }: { document: ApiDocument }) {
  const { t } = useTranslation('wizard');
  const errorMessage = useErrorMessage();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const code = useInPersonCode(document.id);
  const polled = useQuery({ ...getDocumentQueryOptions(document.id), refetchInterval: POLL_MS });
  const current = polled.data;

  useEffect(() => {
    if (current?.state !== 'issued') return;
    const ref = current.reference_code ?? current.id;
    queryClient.setQueryData(getCitizenDeclarationQueryOptions(ref).queryKey, current);
    navigate(paths.documents.done.getHref(ref), { replace: true });
  }, [current, navigate, queryClient]);

  return (
    <section className="dilosi-in-person" aria-labelledby="in-person-waiting">
      <h2 id="in-person-waiting" className="govgr-heading-m">
        {t('inPerson.waitingTitle')}
      </h2>
      {code.isError ? (
        <WizardNotice variant="error" title={t('inPerson.failed')}>
          <p className="govgr-body">{errorMessage(code.error)}</p>
        </WizardNotice>
      ) : null}
      {code.data ? (
        <>
          <p className="govgr-body">{t('inPerson.codeLabel')}</p>
          <p className="govgr-heading-l dilosi-in-person__code" data-testid="kep-code">
            {formatKepCode(code.data.code)}
          </p>
          <p className="govgr-body">{t('inPerson.instructions')}</p>
          <p className="govgr-body">
            {t('inPerson.expires', {
              date: formatAthensDateTime(new Date(code.data.expires_at)),
            })}
          </p>
          <p className="govgr-hint">{t('inPerson.keepOpen')}</p>
          <p role="status" className="govgr-hint">
            {t('inPerson.waiting')}
          </p>
        </>
      ) : null}
    </section>
  );
}

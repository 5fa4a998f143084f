import { useState, type FormEvent, type ReactNode } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import {
  formatAthensDateTime,
  formatKepCode,
  formatReferenceCode,
  KEP_ID_DOCUMENT_TYPES,
  KEP_ID_NUMBER_MAX,
  KEP_REFUSAL_MAX,
  normalizeKepCode,
  type KepDecision,
  type KepIdDocumentType,
  type KepLookup,
} from '@dilosi/domain';
import { ApiRequestError } from '../../api/api-client';
import { useLocale } from '../../i18n/use-locale';
import { DocumentPreviewView } from '../../ui/document-preview-view';
import { FieldGroup, RadioGroup, Textarea, TextInput } from '../../ui/form';
import { PageContainer } from '../../ui/page-container';
import { PageHeading } from '../../ui/page-heading';
import { useErrorMessage } from '../../ui/use-error-message';
import { useDecideKep, useKepLookup, usePrintKepDocument } from './api/kep';
import '../../ui/dashboard.css';

/**
 * The officer prints the document at the counter: its sealed PDF, downloaded through a
 * short-lived address, only for a code her KEP confirmed.
 */
function PrintDocument({
  entityId,
  code,
  children,
}: {
  entityId: string;
  code: string;
  children?: ReactNode;
}) {
  const { t } = useTranslation('dashboard');
  const errorMessage = useErrorMessage();
  const print = usePrintKepDocument(entityId);
  return (
    <>
      {print.isError ? (
        <div className="govgr-error-summary" role="alert">
          <p className="govgr-body">{errorMessage(print.error)}</p>
        </div>
      ) : null}
      <div className="govgr-button-group">
        <button
          type="button"
          className="govgr-btn govgr-btn-primary"
          disabled={print.isPending}
          onClick={() => print.mutate(code)}
        >
          {t('kep.print')}
        </button>
        {children}
      </div>
    </>
  );
}

/** "Issued with reference code …", the code kept on one line. */
function IssuedMessage({ code }: { code: string }) {
  const { t } = useTranslation('dashboard');
  const message = t('kep.issued', { code });
  const at = code === '' ? -1 : message.indexOf(code);
  if (at < 0) return message;
  return (
    <>
      {message.slice(0, at)}
      <span className="dilosi-kep-decision__code">{code}</span>
      {message.slice(at + code.length)}
    </>
  );
}

/** The request found: what the person filled in, the identity check, confirm or refuse. */
function KepRequest({
  entityId,
  request,
  onDecided,
}: {
  entityId: string;
  request: KepLookup;
  onDecided: (decision: KepDecision) => void;
}) {
  const { t } = useTranslation('dashboard');
  const locale = useLocale();
  const errorMessage = useErrorMessage();
  const decide = useDecideKep(entityId);
  const [idType, setIdType] = useState<KepIdDocumentType | null>(null);
  const [idNumber, setIdNumber] = useState('');
  const [reason, setReason] = useState('');
  const [missing, setMissing] = useState<Set<string>>(new Set());

  const onConfirm = (event: FormEvent) => {
    event.preventDefault();
    const empty = new Set<string>();
    if (!idType) empty.add('type');
    if (idNumber.trim() === '') empty.add('number');
    setMissing(empty);
    if (!idType || empty.size > 0) return;
    decide.mutate(
      { code: request.code, decision: 'confirm', body: { id_type: idType, id_number: idNumber } },
      { onSuccess: onDecided },
    );
  };
  const onRefuse = (event: FormEvent) => {
    event.preventDefault();
    if (reason.trim() === '') {
      setMissing(new Set(['reason']));
      return;
    }
    decide.mutate({ code: request.code, decision: 'refuse', reason }, { onSuccess: onDecided });
  };

  return (
    <>
      <h2 className="govgr-heading-m">
        {t('kep.requestTitle', { title: request.template_title[locale] })}
      </h2>
      <p className="govgr-hint">
        {formatKepCode(request.code)} ·{' '}
        {t('kep.expires', { date: formatAthensDateTime(new Date(request.expires_at)) })}
      </p>
      <DocumentPreviewView preview={request.preview} locale={locale} headingLevel={3} />
      {decide.isError ? (
        <div className="govgr-error-summary" role="alert">
          <p className="govgr-body">{errorMessage(decide.error)}</p>
        </div>
      ) : null}
      <form onSubmit={onConfirm} noValidate>
        <FieldGroup
          id="kep-id-type"
          legend={t('kep.idType')}
          error={missing.has('type') ? t('kep.required') : undefined}
        >
          <RadioGroup
            id="kep-id-type"
            name="id_type"
            options={KEP_ID_DOCUMENT_TYPES.map((value) => ({
              value,
              label: t(`kep.idTypes.${value}`),
            }))}
            value={idType}
            onChange={setIdType}
          />
        </FieldGroup>
        <TextInput
          id="kep-id-number"
          label={t('kep.idNumber')}
          value={idNumber}
          maxLength={KEP_ID_NUMBER_MAX}
          autoComplete="off"
          error={missing.has('number') ? t('kep.required') : undefined}
          onChange={(event) => setIdNumber(event.target.value)}
        />
        <button type="submit" className="govgr-btn govgr-btn-primary" disabled={decide.isPending}>
          {t('kep.confirm')}
        </button>
      </form>
      <form onSubmit={onRefuse} noValidate>
        <h3 className="govgr-heading-s">{t('kep.refuseTitle')}</h3>
        <Textarea
          id="kep-reason"
          label={t('kep.reason')}
          value={reason}
          maxLength={KEP_REFUSAL_MAX}
          error={missing.has('reason') ? t('kep.required') : undefined}
          onChange={(event) => setReason(event.target.value)}
        />
        <button
          type="submit"
          className="govgr-btn govgr-btn-warning govgr-btn-secondary"
          disabled={decide.isPending}
        >
          {t('kep.refuse')}
        </button>
      </form>
    </>
  );
}

/**
 * /dashboard/entities/show/{entityId}/kep (issue #37): a KEP officer types the code an anonymous
 * person gives, sees her request read-only, records the identity document she checked, and
 * confirms (the document is issued) or refuses.
 */
export function KepPage() {
  const { entityId = '' } = useParams();
  const { t } = useTranslation('dashboard');
  const errorMessage = useErrorMessage();
  const [typed, setTyped] = useState('');
  const [code, setCode] = useState<string | null>(null);
  const [decision, setDecision] = useState<KepDecision | null>(null);
  const lookup = useKepLookup(entityId, code);
  const queryClient = useQueryClient();

  const onLookup = (event: FormEvent) => {
    event.preventDefault();
    setDecision(null);
    setCode(normalizeKepCode(typed));
  };
  const reset = () => {
    // A code answered is looked up afresh next time.
    queryClient.removeQueries({ queryKey: ['kep', entityId] });
    setTyped('');
    setCode(null);
    setDecision(null);
  };

  const another = (
    <button type="button" className="govgr-btn govgr-btn-secondary" onClick={reset}>
      {t('kep.another')}
    </button>
  );

  return (
    <PageContainer>
      <PageHeading>{t('kep.title')}</PageHeading>
      {decision ? (
        <div className="dilosi-kep-decision">
          {decision.state === 'confirmed' ? (
            <div role="status" className="govgr-panel govgr-panel--confirmation">
              <p className="govgr-panel__body">
                <IssuedMessage code={formatReferenceCode(decision.reference_code ?? '')} />
              </p>
            </div>
          ) : (
            <p role="status" className="govgr-body">
              {t('kep.refused')}
            </p>
          )}
          {decision.state === 'confirmed' && code ? (
            <PrintDocument entityId={entityId} code={code}>
              {another}
            </PrintDocument>
          ) : (
            <div className="govgr-button-group">{another}</div>
          )}
        </div>
      ) : (
        <>
          <p className="govgr-body">{t('kep.intro')}</p>
          <form onSubmit={onLookup} noValidate>
            <TextInput
              id="kep-code"
              label={t('kep.codeLabel')}
              hint={t('kep.codeHint')}
              value={typed}
              autoComplete="off"
              autoCapitalize="characters"
              spellCheck={false}
              maxLength={16}
              error={lookup.isError ? errorMessage(lookup.error) : undefined}
              onChange={(event) => setTyped(event.target.value)}
            />
            <button
              type="submit"
              className="govgr-btn govgr-btn-primary"
              disabled={typed.trim() === '' || lookup.isFetching}
            >
              {t('kep.lookup')}
            </button>
          </form>
          {code &&
          lookup.error instanceof ApiRequestError &&
          lookup.error.code === 'kep_code_used' ? (
            // Answered already: if this KEP confirmed it, its document may be printed again.
            <>
              <p className="govgr-body">{t('kep.usedHint')}</p>
              <PrintDocument key={code} entityId={entityId} code={code} />
            </>
          ) : null}
          {lookup.data ? (
            <KepRequest
              key={lookup.data.code}
              entityId={entityId}
              request={lookup.data}
              onDecided={setDecision}
            />
          ) : null}
        </>
      )}
    </PageContainer>
  );
}

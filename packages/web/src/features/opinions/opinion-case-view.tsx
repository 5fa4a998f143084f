import { formatAthensDateTime, type OpinionCase } from '@dilosi/domain';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocale } from '../../i18n/use-locale';
import { Field, Textarea } from '../../ui/form';
import { showToast } from '../../ui/toasts';
import { useErrorMessage } from '../../ui/use-error-message';
import {
  createOpinionFileUrl,
  createOpinionPdfUrl,
  useAnswerOpinion,
  type OpinionExpert,
} from './api/opinions';

const when = (iso: string) => formatAthensDateTime(new Date(iso));
const dateOf = (day: string) => day.split('-').reverse().join('/');

/**
 * What the expert reads of the case (issue #41), read-only: the question, its deadline, the
 * case's document as issued and its PDF; then her answer's form while the opinion is requested,
 * or the answer given.
 */
export function OpinionCaseView({ expert, data }: { expert: OpinionExpert; data: OpinionCase }) {
  const { t } = useTranslation('dashboard');
  const locale = useLocale();
  const errorMessage = useErrorMessage();
  const { opinion, document } = data;
  const download = (address: Promise<{ download_url: string }>) => {
    address.then(
      (answer) => window.location.assign(answer.download_url),
      (error: unknown) => showToast('error', () => errorMessage(error)),
    );
  };
  const onPdf = () => download(createOpinionPdfUrl(expert, opinion.id));
  const onFile = () => download(createOpinionFileUrl(expert, opinion.id));
  return (
    <>
      <dl className="dilosi-dashboard-summary">
        <dt>{t('opinions.case')}</dt>
        <dd>
          {opinion.case_id} · {data.template_shortname[locale]}
        </dd>
        <dt>{t('opinions.askingEntity')}</dt>
        <dd>{opinion.asking_entity.display_name[locale]}</dd>
        <dt>{t('opinions.deadline')}</dt>
        <dd>
          {dateOf(opinion.deadline)}
          {opinion.is_overdue ? (
            <strong className="dilosi-opinion-overdue"> · {t('opinions.overdue')}</strong>
          ) : null}
        </dd>
      </dl>
      <h2 className="govgr-heading-s">{t('opinions.question')}</h2>
      <p className="govgr-body dilosi-case-decision__reason">{opinion.question}</p>
      <section aria-labelledby="opinion-document-title">
        <h2 className="govgr-heading-s" id="opinion-document-title">
          {t('opinions.document')}
        </h2>
        <p className="govgr-hint">{t('opinions.readOnly')}</p>
        {document.statements.length === 0 && !document.has_pdf ? (
          <p className="govgr-body">{t('opinions.noDocument')}</p>
        ) : null}
        <dl className="dilosi-dashboard-summary dilosi-case-statements">
          {document.statements.map((statement) => (
            <div key={statement.key} style={{ display: 'contents' }}>
              <dt>{statement.label[locale]}</dt>
              <dd className="dilosi-message-body">{statement.value}</dd>
            </div>
          ))}
        </dl>
        {document.has_pdf ? (
          <button type="button" className="govgr-btn govgr-btn-secondary" onClick={onPdf}>
            {t('opinions.pdf')}
          </button>
        ) : null}
      </section>
      {opinion.state === 'requested' ? (
        <AnswerForm expert={expert} id={opinion.id} />
      ) : opinion.state === 'cancelled' ? (
        <p className="govgr-body" role="status">
          {t('opinions.closedCancelled')}
        </p>
      ) : (
        <section aria-labelledby="opinion-answer-title">
          <h2 className="govgr-heading-s" id="opinion-answer-title">
            {t('opinions.answer')}
          </h2>
          <p className="govgr-hint">
            {t('opinions.answeredBy', {
              name: opinion.answered_by ?? '—',
              when: opinion.answered_at ? when(opinion.answered_at) : '—',
            })}
          </p>
          <p className="govgr-body dilosi-message-body">{opinion.answer}</p>
          {opinion.answer_file ? (
            <>
              <p className="govgr-body">
                {t('opinions.file', { filename: opinion.answer_file.filename })}
              </p>
              <button type="button" className="govgr-btn govgr-btn-secondary" onClick={onFile}>
                {t('opinions.downloadFile')}
              </button>
            </>
          ) : null}
        </section>
      )}
    </>
  );
}

function AnswerForm({ expert, id }: { expert: OpinionExpert; id: string }) {
  const { t } = useTranslation('dashboard');
  const errorMessage = useErrorMessage();
  const answerOpinion = useAnswerOpinion(expert, id);
  const [answer, setAnswer] = useState('');
  const [file, setFile] = useState<File | null>(null);
  const [error, setError] = useState<string | null>(null);
  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    if (answer.trim() === '') {
      setError(t('opinions.required'));
      return;
    }
    setError(null);
    answerOpinion.mutate(
      { answer, file },
      {
        onSuccess: () => showToast('success', () => t('opinions.given')),
        onError: (failure) => setError(errorMessage(failure)),
      },
    );
  };
  return (
    <form onSubmit={onSubmit} noValidate aria-labelledby="opinion-form-title">
      <h2 className="govgr-heading-s" id="opinion-form-title">
        {t('opinions.yourAnswer')}
      </h2>
      {error ? (
        <p className="govgr-error-message" role="alert">
          {error}
        </p>
      ) : null}
      <Textarea
        id="opinion-answer"
        label={t('opinions.answer')}
        rows={6}
        maxLength={4000}
        value={answer}
        onChange={(event) => setAnswer(event.target.value)}
      />
      <Field id="opinion-file" label={t('opinions.attachment')}>
        <input
          id="opinion-file"
          className="govgr-file-upload"
          type="file"
          accept="application/pdf,.pdf"
          onChange={(event) => setFile(event.target.files?.[0] ?? null)}
        />
      </Field>
      <button
        type="submit"
        className="govgr-btn govgr-btn-primary"
        disabled={answerOpinion.isPending}
      >
        {t('opinions.submit')}
      </button>
    </form>
  );
}

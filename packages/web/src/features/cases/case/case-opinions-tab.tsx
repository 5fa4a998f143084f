import { athensIsoDate, type Opinion } from '@dilosi/domain';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocale } from '../../../i18n/use-locale';
import { FieldGroup, RadioGroup, Select, Textarea, TextInput } from '../../../ui/form';
import { PageSkeleton } from '../../../ui/page-skeleton';
import { showToast } from '../../../ui/toasts';
import { useErrorMessage } from '../../../ui/use-error-message';
import { useForwardTargets } from '../api/list-forward-targets';
import {
  createOpinionFileUrl,
  useCancelOpinion,
  useCaseOpinions,
  useRequestOpinion,
} from '../api/opinions';
import { when } from './when';

type ExpertKind = 'entity' | 'person';
const dateOf = (day: string) => day.split('-').reverse().join('/');

/**
 * The opinions asked on the case (issue #41): each with its state (overdue marked), the answer
 * and its PDF when given, a cancel button while pending; and the form to ask another entity
 * (from the forward targets) or a person by tax number, with a question and a deadline.
 */
export function CaseOpinionsTab({
  entityId,
  inboxId,
  editable,
}: {
  entityId: string;
  inboxId: string;
  editable: boolean;
}) {
  const { t } = useTranslation('dashboard');
  const query = useCaseOpinions(entityId, inboxId);
  if (query.isPending) return <PageSkeleton />;
  if (query.isError) throw query.error;
  const opinions = query.data.data;
  return (
    <>
      <p className="govgr-hint">{t('opinions.intro')}</p>
      {opinions.length === 0 ? (
        <p className="govgr-body">{t('opinions.none')}</p>
      ) : (
        <ul className="govgr-list dilosi-opinion-list">
          {opinions.map((opinion) => (
            <OpinionItem
              key={opinion.id}
              opinion={opinion}
              entityId={entityId}
              inboxId={inboxId}
              editable={editable}
            />
          ))}
        </ul>
      )}
      {editable ? <AskOpinionForm entityId={entityId} inboxId={inboxId} /> : null}
    </>
  );
}

function OpinionItem({
  opinion,
  entityId,
  inboxId,
  editable,
}: {
  opinion: Opinion;
  entityId: string;
  inboxId: string;
  editable: boolean;
}) {
  const { t } = useTranslation('dashboard');
  const locale = useLocale();
  const errorMessage = useErrorMessage();
  const cancel = useCancelOpinion(entityId, inboxId);
  const expert =
    opinion.expert.kind === 'entity'
      ? opinion.expert.display_name[locale]
      : (opinion.expert.name ?? opinion.expert.afm);
  const onDownload = () => {
    createOpinionFileUrl(entityId, inboxId, opinion.id).then(
      (answer) => window.location.assign(answer.download_url),
      (error: unknown) => showToast('error', () => errorMessage(error)),
    );
  };
  return (
    <li className="dilosi-opinion">
      <p className="govgr-body">
        <strong>{t('opinions.askedOf', { name: expert })}</strong>{' '}
        <strong className={`govgr-tag dilosi-opinion-state dilosi-opinion-state--${opinion.state}`}>
          {t(`opinions.state.${opinion.state}`)}
        </strong>
        {opinion.is_overdue ? (
          <strong className="govgr-tag dilosi-opinion-overdue"> {t('opinions.overdue')}</strong>
        ) : null}
      </p>
      <p className="govgr-hint">
        {t('opinions.askedBy', {
          name: opinion.requested_by ?? '—',
          when: when(opinion.requested_at),
        })}{' '}
        · {t('opinions.due', { date: dateOf(opinion.deadline) })}
      </p>
      <p className="govgr-body dilosi-message-body">{opinion.question}</p>
      {opinion.state === 'given' ? (
        <div className="dilosi-opinion-answer">
          <p className="govgr-hint">
            {t('opinions.answeredBy', {
              name: opinion.answered_by ?? '—',
              when: opinion.answered_at ? when(opinion.answered_at) : '—',
            })}
          </p>
          <p className="govgr-body dilosi-message-body">{opinion.answer}</p>
          {opinion.answer_file ? (
            <button type="button" className="govgr-btn govgr-btn-secondary" onClick={onDownload}>
              {t('opinions.download', { filename: opinion.answer_file.filename })}
            </button>
          ) : null}
        </div>
      ) : null}
      {opinion.state === 'requested' && editable ? (
        <button
          type="button"
          className="govgr-btn govgr-btn-warning"
          aria-label={t('opinions.cancelNamed', { name: expert })}
          disabled={cancel.isPending}
          onClick={() =>
            cancel.mutate(opinion.id, {
              onSuccess: () => showToast('success', () => t('opinions.cancelled')),
              onError: (error) => showToast('error', () => errorMessage(error)),
            })
          }
        >
          {t('opinions.cancel')}
        </button>
      ) : null}
    </li>
  );
}

function AskOpinionForm({ entityId, inboxId }: { entityId: string; inboxId: string }) {
  const { t } = useTranslation('dashboard');
  const locale = useLocale();
  const errorMessage = useErrorMessage();
  const targets = useForwardTargets(entityId);
  const ask = useRequestOpinion(entityId, inboxId);
  const [kind, setKind] = useState<ExpertKind>('entity');
  const [entity, setEntity] = useState('');
  const [afm, setAfm] = useState('');
  const [question, setQuestion] = useState('');
  const [deadline, setDeadline] = useState('');
  const [error, setError] = useState<string | null>(null);
  // The earliest deadline the server takes: tomorrow in Greece, read once.
  const [tomorrow] = useState(() => athensIsoDate(new Date(Date.now() + 86_400_000)));
  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    const expert = kind === 'entity' ? entity : afm.trim();
    if (question.trim() === '' || deadline === '' || expert === '') {
      setError(t('opinions.required'));
      return;
    }
    setError(null);
    ask.mutate(
      {
        question: question.trim(),
        deadline,
        expert: kind === 'entity' ? { entity } : { afm: afm.trim() },
      },
      {
        onSuccess: () => {
          setQuestion('');
          setDeadline('');
          setAfm('');
          showToast('success', () => t('opinions.sent'));
        },
        onError: (failure) => setError(errorMessage(failure)),
      },
    );
  };
  return (
    <form className="dilosi-opinion-form" onSubmit={onSubmit} noValidate>
      <h2 className="govgr-heading-s">{t('opinions.ask')}</h2>
      {error ? (
        <p className="govgr-error-message" role="alert">
          {error}
        </p>
      ) : null}
      <FieldGroup id="opinion-kind" legend={t('opinions.expertKind')}>
        <RadioGroup<ExpertKind>
          id="opinion-kind"
          name="opinion-kind"
          value={kind}
          onChange={setKind}
          options={[
            { value: 'entity', label: t('opinions.kindEntity') },
            { value: 'person', label: t('opinions.kindPerson') },
          ]}
        />
      </FieldGroup>
      {kind === 'entity' ? (
        <Select
          id="opinion-entity"
          label={t('opinions.entity')}
          value={entity}
          onChange={(event) => setEntity(event.target.value)}
        >
          <option value="">{t('opinions.chooseEntity')}</option>
          {(targets.data?.data.entities ?? []).map((target) => (
            <option key={target.codename} value={target.codename}>
              {target.display_name[locale]}
            </option>
          ))}
        </Select>
      ) : (
        <TextInput
          id="opinion-afm"
          label={t('opinions.afm')}
          hint={t('opinions.afmHint')}
          inputMode="numeric"
          maxLength={9}
          value={afm}
          onChange={(event) => setAfm(event.target.value)}
        />
      )}
      <Textarea
        id="opinion-question"
        label={t('opinions.question')}
        rows={4}
        maxLength={4000}
        value={question}
        onChange={(event) => setQuestion(event.target.value)}
      />
      <TextInput
        id="opinion-deadline"
        label={t('opinions.deadline')}
        hint={t('opinions.deadlineHint')}
        type="date"
        min={tomorrow}
        value={deadline}
        onChange={(event) => setDeadline(event.target.value)}
      />
      <button type="submit" className="govgr-btn govgr-btn-primary" disabled={ask.isPending}>
        {t('opinions.send')}
      </button>
    </form>
  );
}

import { CASE_NOTE_MAX_SIZE, type CaseDetail, type ForwardAction } from '@dilosi/domain';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocale } from '../../i18n/use-locale';
import { FieldGroup, RadioGroup, Select, Textarea, useFocusOnErrors } from '../../ui/form';
import { ConfirmDialog } from '../../ui/modal-dialog';
import { showToast } from '../../ui/toasts';
import { useErrorMessage } from '../../ui/use-error-message';
import { useEntity } from '../../api/get-entity';
import { useForwardCase } from './api/forward-case';
import { useForwardTargets } from './api/list-forward-targets';

type Mode = 'entity' | 'dataset';
type ForwardField = 'target' | 'dataset' | 'comment';

/**
 * Forward the case to another entity, or to the entities of a recipient dataset (spec section
 * 7, `forward` / `forward-info` on the entity's gate). The target gets a case of its own; this
 * one keeps its status and shows as forwarded. An optional comment goes with it, to both
 * histories.
 */
export function ForwardCaseDialog({
  item,
  entityId,
  onClose,
}: {
  item: CaseDetail;
  entityId: string;
  onClose: () => void;
}) {
  const { t } = useTranslation('dashboard');
  const locale = useLocale();
  const entity = useEntity(entityId);
  const targets = useForwardTargets(entityId);
  const forward = useForwardCase(entity.data?.data.codename ?? '');
  const [mode, setMode] = useState<Mode>('entity');
  const [target, setTarget] = useState('');
  const [dataset, setDataset] = useState('');
  const [comment, setComment] = useState('');
  const [errors, setErrors] = useState<Partial<Record<ForwardField, string>> | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const { formRef } = useFocusOnErrors(errors);
  const errorMessage = useErrorMessage();
  const already = new Set(item.forwarded_to.map((f) => f.entity_codename));
  const entities = (targets.data?.data.entities ?? []).filter((e) => !already.has(e.codename));
  const datasets = targets.data?.data.datasets ?? [];

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const field: ForwardField = mode === 'entity' ? 'target' : 'dataset';
    const value = mode === 'entity' ? target : dataset;
    const found: Partial<Record<ForwardField, string>> = {};
    if (value === '') found[field] = t('forwarding.chooseRequired');
    if (comment.length > CASE_NOTE_MAX_SIZE) {
      found.comment = t('forwarding.commentTooLong', { max: CASE_NOTE_MAX_SIZE });
    }
    if (Object.keys(found).length > 0) {
      setErrors(found);
      return;
    }
    setErrors(null);
    const note = comment.trim() === '' ? {} : { comment: comment.trim() };
    const request: ForwardAction =
      mode === 'entity'
        ? {
            action: 'forward',
            object_id: item.id,
            arguments: { 'target-codename': value, ...note },
          }
        : {
            action: 'forward-info',
            object_id: item.id,
            arguments: { recipient_dataset: value, ...note },
          };
    forward.mutate(request, {
      onSuccess: (answer) => {
        const names = answer.data.forwarded.map((f) => f.entity_display_name[locale]).join(', ');
        showToast('success', () => t('forwarding.done', { names }));
        onClose();
      },
      onError: (error) => setFailure(errorMessage(error)),
    });
  };

  return (
    <ConfirmDialog
      onClose={onClose}
      title={t('forwarding.title')}
      closeLabel={t('actions.close')}
      intro={t('forwarding.intro')}
      failure={failure}
      confirmLabel={t('forwarding.submit')}
      isConfirmDisabled={forward.isPending || !entity.data}
      cancelLabel={t('actions.cancel')}
      onSubmit={submit}
      formRef={formRef}
    >
      <FieldGroup id="forward-mode" legend={t('forwarding.mode')}>
        <RadioGroup
          id="forward-mode"
          name="mode"
          value={mode}
          onChange={(value) => {
            setMode(value);
            setErrors(null);
          }}
          options={(['entity', 'dataset'] as const).map((value) => ({
            value,
            label: t(`forwarding.modes.${value}`),
          }))}
        />
      </FieldGroup>
      {mode === 'entity' ? (
        <Select
          id="forward-target"
          label={t('forwarding.target')}
          error={errors?.target}
          name="target"
          value={target}
          onChange={(event) => setTarget(event.target.value)}
        >
          <option value="">{t('forwarding.choose')}</option>
          {entities.map((e) => (
            <option key={e.codename} value={e.codename}>
              {e.display_name[locale]}
            </option>
          ))}
        </Select>
      ) : (
        <Select
          id="forward-dataset"
          label={t('forwarding.dataset')}
          error={errors?.dataset}
          name="dataset"
          value={dataset}
          onChange={(event) => setDataset(event.target.value)}
        >
          <option value="">{t('forwarding.choose')}</option>
          {datasets.map((d) => (
            <option key={d.codename} value={d.codename}>
              {d.title[locale]}
            </option>
          ))}
        </Select>
      )}
      <Textarea
        id="forward-comment"
        label={t('forwarding.comment')}
        hint={t('forwarding.commentHint', { max: CASE_NOTE_MAX_SIZE })}
        error={errors?.comment}
        name="comment"
        rows={3}
        maxLength={CASE_NOTE_MAX_SIZE}
        value={comment}
        onChange={(event) => setComment(event.target.value)}
      />
    </ConfirmDialog>
  );
}

/** The "Προωθημένη" label and where the case went, or the case it came from (the link back). */
export function CaseForwards({ item }: { item: CaseDetail }) {
  const { t } = useTranslation('dashboard');
  const locale = useLocale();
  const from = item.forwarded_from;
  if (!from && item.forwarded_to.length === 0) return null;
  return (
    <div className="dilosi-case-forwards">
      {from ? (
        <p className="govgr-body">
          {t('forwarding.from', {
            entity: from.entity_display_name[locale],
            case: from.case_id,
          })}
        </p>
      ) : null}
      {item.forwarded_to.length > 0 ? (
        <>
          <p className="govgr-body dilosi-case-forwards__lead">
            <strong className="dilosi-forwarded-tag">{t('status.forwarded')}</strong>{' '}
            {t('forwarding.toHeading')}
          </p>
          <ul className="govgr-list govgr-list--bullet">
            {item.forwarded_to.map((to) => (
              <li key={to.entity_codename}>
                {t('forwarding.to', {
                  entity: to.entity_display_name[locale],
                  case: to.case_id,
                })}
              </li>
            ))}
          </ul>
        </>
      ) : null}
    </div>
  );
}

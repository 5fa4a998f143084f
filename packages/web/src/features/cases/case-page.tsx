import {
  canTransition,
  caseMachine,
  CASE_STATUSES,
  COMMUNICATIONS_MESSAGE_MAX_SIZE,
  formatAthensDateTime,
  formatReferenceCode,
  type CaseDetail,
  type HistoryItem,
  type Locale,
} from '@dilosi/domain';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useParams, useSearchParams } from 'react-router';
import { isApiRequestError } from '../../api/api-client';
import { useLocale } from '../../i18n/use-locale';
import { KeyboardShortcutsHelp, type Shortcut } from '../../ui/keyboard-shortcuts';
import { ModalDialog } from '../../ui/modal-dialog';
import { PageContainer } from '../../ui/page-container';
import { PageHeading } from '../../ui/page-heading';
import { PageSkeleton } from '../../ui/page-skeleton';
import { showToast } from '../../ui/toasts';
import { useErrorMessage } from '../../ui/use-error-message';
import { AssignToMeButton, DismissCaseDialog, ShareCaseDialog } from './case-action-dialogs';
import { RepliesTab, ReplyDialog } from './case-replies';
import { CaseForwards, ForwardCaseDialog } from './forward-case-dialog';
import { createCaseDownloadUrl } from './api/create-case-download-url';
import { createCaseMessageFileUrl } from './api/create-case-message-file-url';
import { useCase } from './api/get-case';
import { useCaseNeighbours } from './api/get-case-neighbours';
import { useActiveClerks } from './api/list-active-clerks';
import { useCaseTab } from './api/list-case-tab';
import { useCaseAction, type CaseAction } from './api/run-case-action';
import { paths } from '../../config/paths';
import { useShortcutLabels } from './shortcut-labels';
import { caseSearch, inboxQuery, listOf } from './inbox-query';
import '../../ui/dashboard.css';

const TABS = ['details', 'notes', 'replies', 'messages', 'history'] as const;
type Tab = (typeof TABS)[number];
type Dialog =
  'assign' | 'status' | 'note' | 'message' | 'share' | 'dismiss' | 'reply' | 'forward' | null;

const when = (iso: string) => formatAthensDateTime(new Date(iso));

/**
 * /dashboard/entities/show/{entityId}/inbox/show/declaration/{inboxId}: the case with its tabs
 * (details, notes, replies, messages, history, each with its count) and actions.
 */
/** The action buttons a shortcut stands for (the focus returns to them after the dialog). */
const CASE_ACTION_IDS = {
  assign: 'case-action-assign',
  status: 'case-action-status',
  note: 'case-action-note',
  message: 'case-action-message',
} as const;

export function CasePage() {
  const { entityId = '', inboxId = '' } = useParams();
  const [search] = useSearchParams();
  const { t } = useTranslation('dashboard');
  const locale = useLocale();
  const [tab, setTab] = useState<Tab>(() => {
    const asked = search.get('show');
    return TABS.find((name) => name === asked) ?? 'details';
  });
  const [dialog, setDialog] = useState<Dialog>(null);
  const navigate = useNavigate();
  const shortcutLabels = useShortcutLabels();
  const query = useCase(entityId, inboxId);
  const list = listOf(search);
  const neighbours = useCaseNeighbours(entityId, inboxId, inboxQuery(list.tab, list.search));
  const around = neighbours.data?.data;
  const caseLink = (id: string) =>
    paths.dashboard.case.getHref(entityId, id, caseSearch(list.tab, list.search));
  const shortcuts: Shortcut[] = [
    {
      key: 'j',
      label: t('shortcuts.nextCase'),
      run: () => {
        if (around?.next) void navigate(caseLink(around.next));
      },
    },
    {
      key: 'k',
      label: t('shortcuts.previousCase'),
      run: () => {
        if (around?.previous) void navigate(caseLink(around.previous));
      },
    },
    {
      key: 'a',
      label: t('shortcuts.assign'),
      run: () => setDialog('assign'),
      controlId: CASE_ACTION_IDS.assign,
    },
    {
      key: 's',
      label: t('shortcuts.status'),
      run: () => setDialog('status'),
      controlId: CASE_ACTION_IDS.status,
    },
    {
      key: 'n',
      label: t('shortcuts.note'),
      run: () => setDialog('note'),
      controlId: CASE_ACTION_IDS.note,
    },
    {
      key: 'm',
      label: t('shortcuts.message'),
      run: () => setDialog('message'),
      controlId: CASE_ACTION_IDS.message,
    },
  ];
  if (query.isPending) return <PageSkeleton />;
  if (query.isError) throw query.error;
  const item = query.data.data;
  const counts: Record<Tab, number> = {
    details: item.document.attachments.length,
    notes: item.counts.notes,
    replies: item.counts.replies,
    messages: item.counts.messages,
    history: item.counts.history,
  };

  return (
    <PageContainer narrow={false}>
      <div className="dilosi-wide-page">
        <nav className="dilosi-dashboard-neighbours" aria-label={t('case.navigation')}>
          <Link
            className="govgr-back-link"
            to={paths.dashboard.inbox.getHref(entityId, list.tab, list.search.toString())}
          >
            {t('case.back')}
          </Link>
          <span className="dilosi-dashboard-toolbar">
            {around?.previous ? (
              <Link className="govgr-link" to={caseLink(around.previous)} rel="prev">
                {t('case.previous')}
              </Link>
            ) : null}
            {around?.next ? (
              <Link className="govgr-link" to={caseLink(around.next)} rel="next">
                {t('case.next')}
              </Link>
            ) : null}
            <KeyboardShortcutsHelp shortcuts={shortcuts} labels={shortcutLabels} />
          </span>
        </nav>
        <PageHeading caption={t('case.caption')}>
          {item.declaration.case_id} — {t(`status.${item.inbox_status}`)}
          {item.forwarded ? ` · ${t('status.forwarded')}` : ''}
        </PageHeading>
        <CaseForwards item={item} />
        {item.dismissed ? (
          <div className="govgr-warning-text">
            <span className="govgr-warning-text__icon" aria-hidden="true">
              !
            </span>
            <p className="govgr-warning-text__text">{t('case.dismissed')}</p>
          </div>
        ) : null}
        <dl className="dilosi-dashboard-summary">
          <dt>{t('case.citizen')}</dt>
          <dd>{item.declaration.user_display_name}</dd>
          <dt>{t('case.template')}</dt>
          <dd>{item.declaration.template.shortname[locale]}</dd>
          <dt>{t('case.received')}</dt>
          <dd>
            {when(item.declaration.timestamp)} ({t('list.age', { count: item.age_days })})
            {item.overdue ? (
              <strong className="dilosi-dashboard-overdue"> {t('list.overdue')}</strong>
            ) : null}
          </dd>
          <dt>{t('case.assignee')}</dt>
          <dd>{item.assignee_display_name ?? t('list.unassigned')}</dd>
          <dt>{t('case.referenceCode')}</dt>
          <dd>{formatReferenceCode(item.declaration.reference_code)}</dd>
        </dl>
        <div className="dilosi-dashboard-actions" role="group" aria-label={t('case.actionsLabel')}>
          <button
            type="button"
            className="govgr-btn govgr-btn-primary"
            id={CASE_ACTION_IDS.assign}
            onClick={() => setDialog('assign')}
          >
            {t('actions.assign')}
          </button>
          <button
            type="button"
            className="govgr-btn govgr-btn-secondary"
            id={CASE_ACTION_IDS.status}
            onClick={() => setDialog('status')}
          >
            {t('actions.status')}
          </button>
          <button
            type="button"
            className="govgr-btn govgr-btn-secondary"
            onClick={() => setDialog('reply')}
          >
            {t('actions.reply')}
          </button>
          <button
            type="button"
            className="govgr-btn govgr-btn-secondary"
            id={CASE_ACTION_IDS.note}
            onClick={() => setDialog('note')}
          >
            {t('actions.note')}
          </button>
          <button
            type="button"
            className="govgr-btn govgr-btn-secondary"
            id={CASE_ACTION_IDS.message}
            onClick={() => setDialog('message')}
          >
            {t('actions.message')}
          </button>
          {item.document.state === 'issued' ? (
            <button
              type="button"
              className="govgr-btn govgr-btn-secondary"
              onClick={() => setDialog('share')}
            >
              {t('actions.share')}
            </button>
          ) : null}
          <button
            type="button"
            className="govgr-btn govgr-btn-secondary"
            onClick={() => setDialog('forward')}
          >
            {t('forwarding.action')}
          </button>
          {!item.dismissed && canTransition(caseMachine, item.inbox_status, 'dismiss') ? (
            <button
              type="button"
              className="govgr-btn govgr-btn-secondary"
              onClick={() => setDialog('dismiss')}
            >
              {t('actions.dismiss')}
            </button>
          ) : null}
        </div>

        <div
          role="tablist"
          aria-label={t('case.tabs.label')}
          className="dilosi-case-tabs"
          onKeyDown={(event) => {
            const moves: Record<string, number> = { ArrowRight: 1, ArrowLeft: -1 };
            const move = moves[event.key];
            const edge = event.key === 'Home' ? 0 : event.key === 'End' ? TABS.length - 1 : null;
            if (move === undefined && edge === null) return;
            event.preventDefault();
            const next = edge ?? (TABS.indexOf(tab) + (move ?? 0) + TABS.length) % TABS.length;
            const name = TABS[next] ?? 'details';
            setTab(name);
            document.getElementById(`case-tab-${name}`)?.focus();
          }}
        >
          {TABS.map((name) => (
            <button
              key={name}
              type="button"
              role="tab"
              id={`case-tab-${name}`}
              aria-selected={tab === name}
              aria-controls="case-tabpanel"
              tabIndex={tab === name ? 0 : -1}
              className="dilosi-case-tab"
              onClick={() => setTab(name)}
            >
              {t(`case.tabs.${name}`)} ({counts[name]})
            </button>
          ))}
        </div>
        <div
          role="tabpanel"
          id="case-tabpanel"
          className="dilosi-case-tabpanel"
          aria-labelledby={`case-tab-${tab}`}
          tabIndex={0}
        >
          {tab === 'details' ? <DetailsTab item={item} entityId={entityId} /> : null}
          {tab === 'notes' ? <NotesTab entityId={entityId} inboxId={inboxId} /> : null}
          {tab === 'replies' ? <RepliesTab item={item} entityId={entityId} /> : null}
          {tab === 'messages' ? <MessagesTab entityId={entityId} inboxId={inboxId} /> : null}
          {tab === 'history' ? <HistoryTab entityId={entityId} inboxId={inboxId} /> : null}
        </div>
        {dialog === 'share' ? (
          <ShareCaseDialog item={item} entityId={entityId} onClose={() => setDialog(null)} />
        ) : dialog === 'forward' ? (
          <ForwardCaseDialog item={item} entityId={entityId} onClose={() => setDialog(null)} />
        ) : dialog === 'dismiss' ? (
          <DismissCaseDialog item={item} entityId={entityId} onClose={() => setDialog(null)} />
        ) : dialog === 'reply' ? (
          <ReplyDialog entityId={entityId} inboxId={item.id} onClose={() => setDialog(null)} />
        ) : dialog ? (
          <ActionDialog
            kind={dialog}
            item={item}
            entityId={entityId}
            onClose={() => setDialog(null)}
          />
        ) : null}
      </div>
    </PageContainer>
  );
}

function DetailsTab({ item, entityId }: { item: CaseDetail; entityId: string }) {
  const { t } = useTranslation('dashboard');
  const locale = useLocale();
  const download = async (attachment?: number) => {
    const { download_url } = await createCaseDownloadUrl(entityId, item.id, attachment);
    window.location.assign(download_url);
  };
  if (!item.document.id) return <p className="govgr-body">{t('case.noDocument')}</p>;
  return (
    <>
      <dl className="dilosi-dashboard-summary dilosi-case-statements">
        {item.document.statements.map((statement) => (
          <div key={statement.key} style={{ display: 'contents' }}>
            <dt>{statement.label[locale]}</dt>
            <dd>{statement.value}</dd>
          </div>
        ))}
      </dl>
      <button
        type="button"
        className="govgr-btn govgr-btn-secondary"
        onClick={() => void download()}
      >
        {t('case.pdf')}
      </button>
      {item.document.attachments.length > 0 ? (
        <>
          <h2 className="govgr-heading-s">{t('case.attachments')}</h2>
          <ul className="govgr-list">
            {item.document.attachments.map((file) => (
              <li key={file.index}>
                <button
                  type="button"
                  className="govgr-link"
                  onClick={() => void download(file.index)}
                >
                  {file.filename}
                </button>
              </li>
            ))}
          </ul>
        </>
      ) : null}
    </>
  );
}

function NotesTab({ entityId, inboxId }: { entityId: string; inboxId: string }) {
  const { t } = useTranslation('dashboard');
  const query = useCaseTab(entityId, inboxId, 'comments', true);
  if (query.isPending) return <PageSkeleton />;
  if (query.isError) throw query.error;
  if (query.data.data.length === 0) return <p className="govgr-body">{t('case.noNotes')}</p>;
  return (
    <ul className="govgr-list">
      {query.data.data.map((note) => (
        <li key={note.id}>
          <strong>{note.user_display_name}</strong>, {when(note.timestamp)}: {note.comment}
        </li>
      ))}
    </ul>
  );
}

function MessagesTab({ entityId, inboxId }: { entityId: string; inboxId: string }) {
  const { t } = useTranslation('dashboard');
  const query = useCaseTab(entityId, inboxId, 'communications', true);
  if (query.isPending) return <PageSkeleton />;
  if (query.isError) throw query.error;
  if (query.data.data.length === 0) return <p className="govgr-body">{t('case.noMessages')}</p>;
  const download = async (messageId: string) => {
    const { download_url } = await createCaseMessageFileUrl(entityId, inboxId, messageId);
    window.location.assign(download_url);
  };
  // Both ways (issue #33): who wrote each message, the clerk or the citizen, and her PDF.
  return (
    <ul className="govgr-list dilosi-case-messages">
      {query.data.data.map((message) => (
        <li key={message.id} className={`dilosi-case-messages__item--${message.direction}`}>
          <strong>
            {message.direction === 'citizen'
              ? t('case.fromCitizen', { name: message.user_display_name })
              : t('case.fromStaff', { name: message.user_display_name })}
          </strong>
          , {when(message.timestamp)}: {message.message}
          {message.attachment ? (
            <>
              {' '}
              <button
                type="button"
                className="govgr-btn govgr-btn-secondary"
                onClick={() => void download(message.id)}
              >
                {t('case.messageAttachment', { filename: message.attachment.filename })}
              </button>
            </>
          ) : null}
        </li>
      ))}
    </ul>
  );
}

/** A forward's other entity in a history entry: its name in the reader's language, else codename. */
function historyEntityName(details: HistoryItem['details'], locale: Locale): string | null {
  if (typeof details.entity !== 'string') return null;
  const names = details.entity_display_name as Partial<Record<Locale, unknown>> | undefined;
  const name = names?.[locale];
  return typeof name === 'string' && name !== '' ? name : details.entity;
}

function HistoryTab({ entityId, inboxId }: { entityId: string; inboxId: string }) {
  const { t } = useTranslation('dashboard');
  const locale = useLocale();
  const query = useCaseTab(entityId, inboxId, 'history', true);
  if (query.isPending) return <PageSkeleton />;
  if (query.isError) throw query.error;
  const label = (action: string) =>
    t(`history.${action}` as 'history.received', { defaultValue: action });
  return (
    <ol className="govgr-list govgr-list--number">
      {query.data.data.map((entry) => (
        <li key={entry.id}>
          {when(entry.timestamp)} —{' '}
          {entry.action === 'assign' && entry.assignee_display_name
            ? t('history.assignTo', { name: entry.assignee_display_name })
            : label(entry.action)}
          {typeof entry.details.to === 'string'
            ? `: ${t(`status.${entry.details.to}` as 'status.pending')}`
            : ''}
          {typeof entry.details.reason === 'string' ? ` (${entry.details.reason})` : ''}
          {historyEntityName(entry.details, locale) !== null &&
          typeof entry.details.case_id === 'string'
            ? `: ${historyEntityName(entry.details, locale)} ${entry.details.case_id}`
            : ''}
          {' — '}
          {entry.action_user_display_name ?? t('history.system')}
          {typeof entry.details.comment === 'string' && entry.action.startsWith('forwarded') ? (
            <p className="govgr-body">
              {t('history.forwardComment', { comment: entry.details.comment })}
            </p>
          ) : null}
        </li>
      ))}
    </ol>
  );
}

function ActionDialog({
  kind,
  item,
  entityId,
  onClose,
}: {
  kind: Exclude<Dialog, null | 'share' | 'dismiss' | 'reply' | 'forward'>;
  item: CaseDetail;
  entityId: string;
  onClose: () => void;
}) {
  const { t } = useTranslation('dashboard');
  const action = useCaseAction(entityId, item.id);
  const clerks = useActiveClerks(entityId, kind === 'assign');
  const [state, setState] = useState<string>(item.inbox_status);
  const [text, setText] = useState('');
  const [error, setError] = useState<string | null>(null);
  const errorMessage = useErrorMessage();
  const titles = {
    assign: 'actions.assign',
    status: 'actions.status',
    note: 'actions.note',
    message: 'actions.message',
  } as const;
  const textRequired =
    kind === 'note' || kind === 'message' || (kind === 'status' && state === 'canceled');

  const run = (request: Exclude<CaseAction, { kind: 'action' }>) =>
    action.mutate(request, {
      onSuccess: () => {
        showToast('success', () => t(`actions.done.${request.kind}`));
        onClose();
      },
      onError: (failure) => {
        const field = isApiRequestError(failure)
          ? (
              failure.data?.invalid_fields as { error_info?: { message?: string } }[] | undefined
            )?.[0]
          : undefined;
        setError(
          field?.error_info?.message ??
            errorMessage(failure, failure instanceof Error ? failure.message : String(failure)),
        );
      },
    });

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    if (textRequired && text.trim() === '') {
      setError(t('actions.required'));
      return;
    }
    if (kind === 'assign')
      run({ kind: 'assign', body: { user_id: String(form.get('user_id') ?? '') } });
    else if (kind === 'status') {
      run({ kind: 'change_state', body: { state, ...(text.trim() ? { reason: text } : {}) } });
    } else if (kind === 'note') run({ kind: 'comments', body: { comment: text } });
    else run({ kind: 'communications', body: { message: text } });
  };

  return (
    <ModalDialog isOpen onClose={onClose} title={t(titles[kind])} closeLabel={t('actions.close')}>
      <form onSubmit={submit} noValidate>
        {error ? (
          <p className="govgr-error-message" role="alert" id="action-error">
            {error}
          </p>
        ) : null}
        {kind === 'assign' ? (
          <div className="govgr-form-group">
            <label className="govgr-label" htmlFor="action-assignee">
              {t('actions.assignee')}
            </label>
            <select
              className="govgr-select"
              id="action-assignee"
              name="user_id"
              defaultValue={item.assignee ?? undefined}
            >
              {(clerks.data?.data ?? []).map((clerk) => (
                <option key={clerk.user_id} value={clerk.user_id}>
                  {clerk.user_display_name}
                </option>
              ))}
            </select>
          </div>
        ) : null}
        {kind === 'status' ? (
          <div className="govgr-form-group">
            <label className="govgr-label" htmlFor="action-state">
              {t('actions.state')}
            </label>
            <select
              className="govgr-select"
              id="action-state"
              value={state}
              onChange={(e) => setState(e.target.value)}
            >
              {CASE_STATUSES.map((status) => (
                <option key={status} value={status}>
                  {t(`status.${status}`)}
                </option>
              ))}
            </select>
          </div>
        ) : null}
        {kind !== 'assign' && (kind !== 'status' || state === 'canceled') ? (
          <div className="govgr-form-group">
            <label className="govgr-label" htmlFor="action-text">
              {kind === 'status'
                ? t('actions.reason')
                : kind === 'note'
                  ? t('actions.comment')
                  : t('actions.messageText')}
            </label>
            <textarea
              className="govgr-textarea"
              id="action-text"
              rows={4}
              value={text}
              required
              aria-invalid={error ? true : undefined}
              aria-describedby={
                [error ? 'action-error' : '', kind === 'message' ? 'action-count' : '']
                  .join(' ')
                  .trim() || undefined
              }
              maxLength={kind === 'message' ? COMMUNICATIONS_MESSAGE_MAX_SIZE : undefined}
              onChange={(event) => setText(event.target.value)}
            />
            {kind === 'message' ? (
              <p className="govgr-hint" id="action-count" aria-live="polite">
                {t('actions.chars', { count: text.length, max: COMMUNICATIONS_MESSAGE_MAX_SIZE })}
              </p>
            ) : null}
          </div>
        ) : null}
        <div className="govgr-button-group">
          <button type="submit" className="govgr-btn govgr-btn-primary" disabled={action.isPending}>
            {kind === 'message' ? t('actions.send') : t('actions.save')}
          </button>
          {kind === 'assign' ? (
            <AssignToMeButton
              clerks={clerks.data?.data ?? []}
              isDisabled={action.isPending}
              onAssign={(userId) => run({ kind: 'assign', body: { user_id: userId } })}
            />
          ) : null}
          <button type="button" className="govgr-btn govgr-btn-secondary" onClick={onClose}>
            {t('actions.cancel')}
          </button>
        </div>
      </form>
    </ModalDialog>
  );
}

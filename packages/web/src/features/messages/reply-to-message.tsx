import type { CitizenMessage } from '@dilosi/domain';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { paths } from '../../config/paths';
import { CaseMessageForm, sendCitizenMessage } from '../../ui/case-message-form';

/** The entity's messages about a case that she may answer (issue #33). */
const REPLIABLE_TYPES: readonly CitizenMessage['type'][] = ['message', 'incoming-document'];

/**
 * The citizen answers a message or a document an entity sent her about a case: the text and
 * one optional PDF reach the case's thread, which she reads under the case in her vault.
 * Nothing for messages about no case or of other types.
 */
export function ReplyToMessage({ message }: { message: CitizenMessage }) {
  const { t } = useTranslation('messages');
  const queryClient = useQueryClient();
  const caseEntryId = message.case_entry_id;
  if (!REPLIABLE_TYPES.includes(message.type) || !caseEntryId) return null;
  const onSend = async (text: string, file: File | null) => {
    await sendCitizenMessage(
      `/api/gates/USER/gate/inbox-entries/${encodeURIComponent(message.id)}/reply`,
      text,
      file,
    );
    await queryClient.invalidateQueries({ queryKey: ['vault', 'thread', caseEntryId] });
  };
  return (
    <CaseMessageForm id="reply-to-message" title={t('reply.title')} onSend={onSend}>
      <p className="govgr-body">
        <Link className="govgr-link" to={paths.vault.thread.getHref(caseEntryId)}>
          {t('reply.seeThread')}
        </Link>
      </p>
    </CaseMessageForm>
  );
}

import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useQueryClient } from '@tanstack/react-query';
import { paths } from '../../config/paths';
import { showToast } from '../../ui/toasts';
import { startMessagePoll } from './message-poll';
import { fetchMessages } from './messages-api';

/**
 * Polls for messages that arrive while a page is open (spec section 4) and says so with a
 * toast linking to the messages. Renders nothing; restarted by each page (its key).
 */
export function NewMessagesPoller() {
  const { t } = useTranslation('messages');
  const client = useQueryClient();
  useEffect(
    () =>
      startMessagePoll({
        fetchNew: async (after) => {
          const answer = await fetchMessages({ status: ['incoming'], after });
          return { count: answer.data.length, next: answer.meta.incoming.next };
        },
        onNew: (count) => {
          showToast('info', () => t('newCount', { count }), {
            href: paths.my.messages.root.getHref(),
            label: () => t('newLink'),
          });
          void client.invalidateQueries({ queryKey: ['messages'] });
        },
      }),
    [t, client],
  );
  return null;
}

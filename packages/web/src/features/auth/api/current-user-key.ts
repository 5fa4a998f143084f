import { useQueryClient } from '@tanstack/react-query';
import type { CurrentUser } from '../../../api/auth';

/** The prefix of api/auth.ts's currentUserQueryOptions key (['users', 'me', token]). */
const CURRENT_USER_KEY = ['users', 'me'] as const;

/** After a change of the user: the answer shown at once, then read again from the server. */
export function useRefreshCurrentUser() {
  const queryClient = useQueryClient();
  return async (user: CurrentUser) => {
    queryClient.setQueriesData({ queryKey: CURRENT_USER_KEY }, user);
    await queryClient.invalidateQueries({ queryKey: CURRENT_USER_KEY });
  };
}

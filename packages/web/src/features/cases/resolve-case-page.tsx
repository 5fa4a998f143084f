import { Navigate, useParams } from 'react-router';
import { paths } from '../../config/paths';
import { PageSkeleton } from '../../ui/page-skeleton';
import { useResolvedInboxEntry } from './api/resolve-inbox-entry';

/**
 * …/inbox/entry/{id}: a link that carries only an inbox-entry id (an e-mail alert, a history
 * row) asks the server which case it names, then opens it; an unknown id gets the error page.
 */
export function ResolveCasePage() {
  const { entityId = '', inboxId = '' } = useParams();
  const resolved = useResolvedInboxEntry(entityId, inboxId);
  if (resolved.isPending) return <PageSkeleton />;
  if (resolved.isError) throw resolved.error;
  return <Navigate to={paths.dashboard.case.getHref(entityId, resolved.data.entry_id)} replace />;
}

import { useSearchParams } from 'react-router';
import type { TemplateQuery } from '../../config/paths';

/** The query a template address passes on (caller_authorization_id; v1 and both are refused). */
export function useTemplateQuery(): TemplateQuery {
  const [searchParams] = useSearchParams();
  const id = searchParams.get('caller_authorization_id');
  return id ? { caller_authorization_id: id } : {};
}

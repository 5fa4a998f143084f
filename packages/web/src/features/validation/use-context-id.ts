import { useParams } from 'react-router';
import { useAppConfig } from '../../api/get-app-config';

/** The context of a validation address, or VALIDATION_DEFAULT_CONTEXT when it names none. */
export function useContextId(): string {
  const { contextId } = useParams();
  const { VALIDATION_DEFAULT_CONTEXT } = useAppConfig().settings;
  return contextId ?? VALIDATION_DEFAULT_CONTEXT;
}

import { Navigate } from 'react-router';
import { useAppConfig } from '../api/get-app-config';
import { paths } from '../config/paths';

/** `/validate` opens the default validation context (spec section 2). */
export function ValidateDefaultContext() {
  const { VALIDATION_DEFAULT_CONTEXT } = useAppConfig().settings;
  return <Navigate to={paths.validation.context.getHref(VALIDATION_DEFAULT_CONTEXT)} replace />;
}

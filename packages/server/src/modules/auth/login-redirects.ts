import type { LoginErrorCode } from './login-errors';

/** What a login carries from its start to its end, to send the browser back to the right page. */
export type LoginContext = {
  next: string | null;
  template: string | null;
  isAdmin: boolean;
  mobileWarn: string | null;
};

/** `/login?error_code=…` keeping where the user was going (spec section 2, "Public and login"). */
export function loginErrorLocation(code: LoginErrorCode, context: LoginContext): string {
  const query = new URLSearchParams({ error_code: code });
  if (context.next) query.set('next', context.next);
  if (context.template) query.set('template', context.template);
  if (context.isAdmin) query.set('admin', '1');
  if (context.mobileWarn) query.set('mobileWarn', context.mobileWarn);
  return `/login?${query.toString()}`;
}

/** `/login/token#code=…`: the one-time code travels in the hash, never to a server log. */
export function loginTokenLocation(code: string, next: string | null): string {
  const query = next ? `?${new URLSearchParams({ next }).toString()}` : '';
  return `/login/token${query}#code=${encodeURIComponent(code)}`;
}

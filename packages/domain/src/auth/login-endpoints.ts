/**
 * The login starts a template or a step may name (spec section 7: "/api/login, /api/gsis_login,
 * /api/gsis_admin_login, /api/anon_login/, or the template's login_endpoint"), each with the
 * provider it goes to; `/api/login` lets the person choose. Nothing else is a login endpoint: a
 * template naming another address is refused when the catalogue loads (no open redirect).
 */
export const LOGIN_ENDPOINTS = {
  '/api/login': null,
  '/api/gsis_login': 'gsis',
  '/api/bank_login': 'bank',
  '/api/anon_login/': 'anon',
} as const satisfies Record<string, 'gsis' | 'bank' | 'anon' | null>;

export type LoginEndpoint = keyof typeof LOGIN_ENDPOINTS;
export const LOGIN_ENDPOINT_PATHS = Object.keys(LOGIN_ENDPOINTS) as [
  LoginEndpoint,
  ...LoginEndpoint[],
];

export function isLoginEndpoint(value: unknown): value is LoginEndpoint {
  return typeof value === 'string' && Object.hasOwn(LOGIN_ENDPOINTS, value);
}

/** The provider a login endpoint goes to; null for the choice (or no endpoint). */
export function loginEndpointProvider(
  endpoint: string | null | undefined,
): 'gsis' | 'bank' | 'anon' | null {
  return isLoginEndpoint(endpoint) ? LOGIN_ENDPOINTS[endpoint] : null;
}

/**
 * A step the server refuses until the person does something elsewhere (spec section 8, "a
 * wrapped error with an action redirects to its URL, appending next if needed"): 403
 * `action_required` with `data.action`. `login`: log in again through `url` (a step's loginURL);
 * `consent`: consent to the use of the certified mobile at /consent (requireMobileConsent);
 * `step_up`: a fresh SMS code (the template's or step's `step_up`).
 */
export const REQUIRED_ACTIONS = ['login', 'consent', 'step_up'] as const;
export type RequiredActionName = (typeof REQUIRED_ACTIONS)[number];
export type RequiredAction = { name: RequiredActionName; url: string };

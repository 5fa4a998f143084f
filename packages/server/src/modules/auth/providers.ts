import * as oidc from 'openid-client';
import type { Config } from '../../config';

/** The identity providers of spec section 7, each an OpenID Connect provider. */
export const LOGIN_PROVIDERS = ['gsis', 'bank', 'gsis_admin', 'anon'] as const;
export type LoginProvider = (typeof LOGIN_PROVIDERS)[number];

export function isLoginProvider(value: unknown): value is LoginProvider {
  return typeof value === 'string' && (LOGIN_PROVIDERS as readonly string[]).includes(value);
}

/** What a login through each provider proves; templates ask for these (missing_required_claims). */
export const PROVIDER_CLAIMS: Record<LoginProvider, string[]> = {
  gsis: ['gsis_login'],
  bank: ['bank_login'],
  gsis_admin: ['gsis_admin_login'],
  anon: ['anonymous_login'],
};

const DEFAULT_SCOPES: Record<LoginProvider, string> = {
  gsis: 'openid profile email afm',
  bank: 'openid profile email afm phone',
  gsis_admin: 'openid profile email afm admin',
  anon: 'openid',
};

const ENV_NAME: Record<LoginProvider, 'GSIS' | 'BANK' | 'GSIS_ADMIN' | 'ANON'> = {
  gsis: 'GSIS',
  bank: 'BANK',
  gsis_admin: 'GSIS_ADMIN',
  anon: 'ANON',
};

/** The built-in development provider as the relying party sees it (src/idp). */
export type BuiltInProvider = {
  issuer: string;
  endpoints: { authorization: string; token: string; jwks: string; userinfo: string };
  clients: Record<LoginProvider, { clientId: string; clientSecret: string }>;
  /** Back-channel calls (token, keys, userinfo) answered inside this process. */
  fetch: oidc.CustomFetch;
};

export type ProviderSettings = {
  name: LoginProvider;
  builtIn: boolean;
  issuer: string;
  clientId: string;
  clientSecret: string | undefined;
  scopes: string;
};

/**
 * The built-in provider, with its demo-user picker, runs only with DEVEL on (the default outside
 * NODE_ENV=production). Otherwise a provider without an issuer is off, and loadConfig has
 * refused to start without the logins the service needs.
 */
export function isBuiltInProviderEnabled(config: Pick<Config, 'DEVEL'>): boolean {
  return config.DEVEL;
}

export function providerSettings(
  config: Config,
  builtIn: BuiltInProvider | null,
): Record<LoginProvider, ProviderSettings | null> {
  const entries = LOGIN_PROVIDERS.map((name): [LoginProvider, ProviderSettings | null] => {
    const env = ENV_NAME[name];
    const issuer = config[`OIDC_${env}_ISSUER`];
    const scopes = config[`OIDC_${env}_SCOPES`] ?? DEFAULT_SCOPES[name];
    if (issuer) {
      return [
        name,
        {
          name,
          builtIn: false,
          issuer,
          clientId: config[`OIDC_${env}_CLIENT_ID`] ?? '',
          clientSecret: config[`OIDC_${env}_CLIENT_SECRET`],
          scopes,
        },
      ];
    }
    if (!builtIn) return [name, null];
    const client = builtIn.clients[name];
    return [
      name,
      {
        name,
        builtIn: true,
        issuer: builtIn.issuer,
        clientId: client.clientId,
        clientSecret: client.clientSecret,
        scopes,
      },
    ];
  });
  return Object.fromEntries(entries) as Record<LoginProvider, ProviderSettings | null>;
}

/**
 * openid-client configurations, one per provider, made on first use: an external provider is
 * discovered from its issuer (a failure is retried on the next login), the built-in one is
 * described directly and reached in-process.
 */
export class RelyingParty {
  private readonly configurations = new Map<LoginProvider, Promise<oidc.Configuration>>();
  readonly settings: Record<LoginProvider, ProviderSettings | null>;

  constructor(
    private readonly config: Config,
    private readonly builtIn: BuiltInProvider | null,
  ) {
    this.settings = providerSettings(config, builtIn);
  }

  redirectUri(provider: LoginProvider): string {
    return `${this.config.publicUrl}/api/login/callback/${provider}`;
  }

  configuration(provider: LoginProvider): Promise<oidc.Configuration> {
    const cached = this.configurations.get(provider);
    if (cached) return cached;
    const settings = this.settings[provider];
    if (!settings) return Promise.reject(new Error(`login provider ${provider} is not enabled`));
    const made = this.make(settings);
    this.configurations.set(provider, made);
    made.catch(() => this.configurations.delete(provider));
    return made;
  }

  private async make(settings: ProviderSettings): Promise<oidc.Configuration> {
    const auth = settings.clientSecret
      ? oidc.ClientSecretBasic(settings.clientSecret)
      : oidc.None();
    const insecure = settings.issuer.startsWith('http:');
    if (settings.builtIn && this.builtIn) {
      const { issuer, endpoints } = this.builtIn;
      const configuration = new oidc.Configuration(
        {
          issuer,
          authorization_endpoint: endpoints.authorization,
          token_endpoint: endpoints.token,
          jwks_uri: endpoints.jwks,
          userinfo_endpoint: endpoints.userinfo,
          authorization_response_iss_parameter_supported: true,
          code_challenge_methods_supported: ['S256'],
        },
        settings.clientId,
        { client_secret: settings.clientSecret },
        auth,
      );
      configuration[oidc.customFetch] = this.builtIn.fetch;
      if (insecure) oidc.allowInsecureRequests(configuration);
      return configuration;
    }
    return oidc.discovery(
      new URL(settings.issuer),
      settings.clientId,
      settings.clientSecret ? { client_secret: settings.clientSecret } : undefined,
      auth,
      insecure ? { execute: [oidc.allowInsecureRequests] } : undefined,
    );
  }
}

-- Login and identity (docs/login.md). Every expiry below is compared with the server's clock
-- module, passed in as a parameter, so tests can move time.

-- People who have logged in: natural persons by tax number, anonymous users by the subject the
-- anonymous-login provider gave them. Exactly one of the two identifies a row.
create table users (
  id uuid primary key default gen_random_uuid(),
  afm text unique check (afm ~ '^[0-9]{9}$'),
  anonymous_subject text unique,
  firstname text,
  surname text,
  email text,
  username text,
  -- May use the dashboard: granted by an admin login whose provider vouched for it, or seeded.
  is_admin boolean not null default false,
  mobile text,
  mobile_certified boolean not null default false,
  -- The mobile onboarding (/consent) was answered, or a login certified the mobile.
  mobile_flow_done boolean not null default false,
  -- {"mobile_use_nnc_onboarding": {"value": true, "at": "..."}, "mobile_check_certified": …}
  consents jsonb not null default '{}',
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  last_login_at timestamptz,
  check ((afm is null) <> (anonymous_subject is null))
);

-- Opaque bearer tokens: only their SHA-256 is stored, so a database leak yields no session.
create table sessions (
  id uuid primary key default gen_random_uuid(),
  token_hash text not null unique,
  user_id uuid not null references users (id) on delete cascade,
  -- gsis | bank | gsis_admin | anon: how the user proved who they are.
  provider text not null,
  -- Claims this login satisfies (gsis_login, mobile_certified_login, anonymous_login, …).
  claims jsonb not null default '[]',
  is_admin boolean not null default false,
  ip text,
  user_agent text,
  created_at timestamptz not null,
  last_seen_at timestamptz not null,
  expires_at timestamptz not null,
  revoked_at timestamptz
);
create index sessions_user_idx on sessions (user_id);
create index sessions_expires_idx on sessions (expires_at);

-- One pending login at a provider: what the callback needs to check the answer (OIDC state,
-- nonce, PKCE verifier) and where to go afterwards.
create table login_attempts (
  state text primary key,
  nonce text not null,
  code_verifier text not null,
  provider text not null,
  next text,
  template text,
  is_admin boolean not null default false,
  mobile_warn text,
  ip text,
  created_at timestamptz not null,
  expires_at timestamptz not null,
  used_at timestamptz
);
create index login_attempts_expires_idx on login_attempts (expires_at);

-- The one-time code handed to the browser in /login/token#code=…: single use, 60 seconds.
create table login_codes (
  code_hash text primary key,
  user_id uuid not null references users (id) on delete cascade,
  provider text not null,
  claims jsonb not null default '[]',
  is_admin boolean not null default false,
  created_at timestamptz not null,
  expires_at timestamptz not null,
  used_at timestamptz
);
create index login_codes_expires_idx on login_codes (expires_at);

-- Failed logins per client (IP): slowed, then refused (login_throttled).
create table login_throttle (
  key text primary key,
  failures integer not null,
  window_started_at timestamptz not null,
  blocked_until timestamptz
);

-- Proof-of-work captcha challenges already redeemed (replay protection until they expire).
create table captcha_redemptions (
  salt text primary key,
  expires_at timestamptz not null
);
create index captcha_redemptions_expires_idx on captcha_redemptions (expires_at);

-- Secrets generated once and shared by every API process: the development identity
-- provider's signing keys and cookie keys, the captcha HMAC key.
create table server_secrets (
  name text primary key,
  value jsonb not null,
  created_at timestamptz not null default now()
);

-- Storage of the built-in development identity provider (oidc-provider models: sessions,
-- interactions, grants, codes, tokens), so several processes can serve it.
create table idp_payloads (
  model text not null,
  id text not null,
  payload jsonb not null,
  grant_id text,
  uid text,
  user_code text,
  expires_at timestamptz,
  primary key (model, id)
);
create index idp_payloads_grant_idx on idp_payloads (grant_id) where grant_id is not null;
create index idp_payloads_uid_idx on idp_payloads (uid) where uid is not null;
create index idp_payloads_user_code_idx on idp_payloads (user_code) where user_code is not null;
create index idp_payloads_expires_idx on idp_payloads (expires_at);

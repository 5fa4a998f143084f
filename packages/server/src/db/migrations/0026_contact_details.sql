-- Contact details (issue #38): a person changes her e-mail, proved hers by a code sent to it,
-- and her mobile, certified by a code sent to it by SMS (docs/api.md, "Contact details").

-- When a code proved the e-mail hers; the e-mail a login brings (the provider's) is not proved,
-- and a login no longer replaces a proved one.
alter table users add column email_verified_at timestamptz;
-- A proved address is one person's (email_in_use): the change checks it under a lock first.
create unique index users_verified_email_idx on users (lower(email))
  where email_verified_at is not null;

-- A change asked for and not yet confirmed, one per person and channel. Only an HMAC of the
-- code is stored; a new request or a resend replaces the code (attempts back to 0).
create table contact_changes (
  user_id uuid not null references users (id) on delete cascade,
  channel text not null check (channel in ('email', 'mobile')),
  -- The new e-mail as typed (trimmed), or the mobile's 10 national digits (69…).
  address text not null,
  code_hash text not null,
  attempts integer not null default 0,
  last_sent_at timestamptz not null,
  expires_at timestamptz not null,
  created_at timestamptz not null,
  primary key (user_id, channel)
);
create index contact_changes_expires_idx on contact_changes (expires_at);

-- Each code sent, for the limits that hold across changes (OTP_SENDS_PER_HOUR and
-- OTP_SENDS_PER_DAY, per person and per address); rows older than a day are purged.
create table contact_code_sends (
  id bigint generated always as identity primary key,
  user_id uuid not null references users (id) on delete cascade,
  channel text not null check (channel in ('email', 'mobile')),
  -- Lower-cased e-mail or national mobile: everyone asking for one address shares its count.
  address text not null,
  at timestamptz not null
);
create index contact_code_sends_user_idx on contact_code_sends (user_id, channel, at desc);
create index contact_code_sends_address_idx on contact_code_sends (channel, address, at desc);
create index contact_code_sends_at_idx on contact_code_sends (at);

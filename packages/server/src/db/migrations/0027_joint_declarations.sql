-- Joint declarations (issue #35): one document signed by several people, each with her own
-- SMS code. The consent opens (state issued) when its author signs; it ends fully signed (the
-- document is then issued once), canceled or expired. States through the domain's consent and
-- signatory machines (packages/domain/src/state-machines/joint-machines.ts).
create table joint_consents (
  id uuid primary key default gen_random_uuid(),
  document_id uuid not null references documents (id) on delete cascade,
  author_id uuid not null references users (id) on delete cascade,
  state text not null check (state in ('issued', 'fully_signed', 'canceled', 'expired')),
  -- SHA-256 of the text as it will be issued: every signature is bound to it.
  text_digest text not null,
  expires_at timestamptz not null,
  -- At most one reminder a day.
  reminded_at timestamptz,
  -- Why it ended: canceled by the author, declined by a signatory, expired.
  closed_reason text check (closed_reason in ('author_canceled', 'signatory_declined', 'expired')),
  created_at timestamptz not null,
  updated_at timestamptz not null
);
-- One open consent per document; a canceled or expired one stays as history.
create unique index joint_consents_open_idx on joint_consents (document_id) where state = 'issued';
create index joint_consents_author_idx on joint_consents (author_id, created_at desc);
create index joint_consents_expiry_idx on joint_consents (expires_at) where state = 'issued';

-- Every signatory, the author first (position 0). user_id is filled when she has an account,
-- or at her first login. Her SMS code (an HMAC bound to the text digest) lives on her row.
create table joint_signatories (
  id uuid primary key default gen_random_uuid(),
  consent_id uuid not null references joint_consents (id) on delete cascade,
  position integer not null,
  afm text not null,
  firstname text not null,
  surname text not null,
  user_id uuid references users (id) on delete set null,
  state text not null check (state in ('pending', 'signed', 'dismissed')),
  signed_digest text,
  signed_at timestamptz,
  dismissed_at timestamptz,
  dismissed_reason text,
  code_hash text,
  code_mobile text,
  code_attempts integer not null default 0,
  code_sends integer not null default 0,
  code_sent_at timestamptz,
  code_expires_at timestamptz,
  unique (consent_id, afm),
  unique (consent_id, position)
);
create index joint_signatories_afm_idx on joint_signatories (afm);
create index joint_signatories_user_idx on joint_signatories (user_id);

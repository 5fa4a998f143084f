-- Outgoing SMS and e-mail (docs/notifications.md). A row is written in the transaction of the
-- change that causes it, rendered in the recipient's language; the `notify-send` job delivers it.
-- Without an SMTP server or SMS gateway configured, being here is the delivery (provider
-- 'outbox'), and /api/dev/outbox shows it.
create table outbox (
  id uuid primary key default gen_random_uuid(),
  channel text not null check (channel in ('sms', 'email')),
  -- E.164 mobile (+3069XXXXXXXX) or lower-cased e-mail address.
  recipient text not null,
  -- Key in the notifications catalog (otp_sms, document_email, …) and the parameters it was
  -- rendered with.
  message_key text not null,
  locale text not null check (locale in ('el', 'en', 'fr')),
  params jsonb not null default '{}',
  subject text,
  body text not null,
  -- queued → sending → sent | queued (retry) | failed (after NOTIFY_MAX_ATTEMPTS).
  status text not null default 'queued' check (status in ('queued', 'sending', 'sent', 'failed')),
  attempts integer not null default 0,
  last_error text,
  -- When a queued row is due; while 'sending', the end of the sender's lease.
  next_attempt_at timestamptz not null,
  -- smtp | sms-gateway | outbox, and the message id the provider answered.
  provider text,
  provider_message_id text,
  -- The document the message is about. No foreign key: a message outlives a purged document.
  document_id uuid,
  created_at timestamptz not null,
  sent_at timestamptz
);
create index outbox_created_idx on outbox (created_at desc, id desc);
create index outbox_due_idx on outbox (next_attempt_at) where status in ('queued', 'sending');
create index outbox_document_idx on outbox (document_id) where document_id is not null;

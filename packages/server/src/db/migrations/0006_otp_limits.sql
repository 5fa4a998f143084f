-- SMS-code limits per citizen and per mobile number (docs/issuance.md, "Limits"). The limits of
-- otp_challenges are per document; these rows count across documents: each SMS code sent and
-- each wrong code entered, with the citizen and the number it went to. Several API processes
-- count the same rows, in the transaction that sends or checks the code. Rows older than the
-- longest window (a day) are deleted by the documents-retention job.
create table otp_limit_events (
  id bigint generated always as identity primary key,
  kind text not null check (kind in ('sent', 'failed')),
  user_id uuid not null references users (id) on delete cascade,
  -- As the outbox addresses it (+30…), so every citizen sharing a number shares its count.
  mobile text not null,
  at timestamptz not null
);
create index otp_limit_events_user_idx on otp_limit_events (user_id, kind, at desc);
create index otp_limit_events_mobile_idx on otp_limit_events (mobile, kind, at desc);
create index otp_limit_events_at_idx on otp_limit_events (at);

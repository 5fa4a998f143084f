-- Step-up (issue #37; spec section 6, "a 2FA action may be required"): one SMS code at a time
-- per session, stored as an HMAC; a right code is used up (code_hash null) and confirmed_at says
-- how fresh the session's second factor is.
create table step_up_challenges (
  session_id uuid primary key references sessions (id) on delete cascade,
  user_id uuid not null references users (id) on delete cascade,
  code_hash text,
  mobile text not null,
  attempts integer not null default 0,
  sends integer not null default 0,
  last_sent_at timestamptz not null,
  expires_at timestamptz not null,
  confirmed_at timestamptz,
  created_at timestamptz not null
);

-- ALTCHA replaces the proof-of-work captcha (issue #37): redeemed challenges are kept by their
-- signature until they expire, so a solved challenge cannot be replayed.
drop table captcha_redemptions;
create table altcha_redemptions (
  signature text primary key,
  expires_at timestamptz not null
);
create index altcha_redemptions_expires_idx on altcha_redemptions (expires_at);
delete from server_secrets where name = 'captcha_hmac_key';

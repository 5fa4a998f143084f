-- An anonymous session reaches only the template it started (spec: anonymous use; issue #37).
-- The login attempt already kept the template it was started for; its code and then the
-- session now keep it too. Null for every other login, and for an anonymous login started
-- without a template (it may start any anonymous template, once).
alter table login_codes add column template text;
alter table sessions add column template text;

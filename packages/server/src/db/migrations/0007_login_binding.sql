-- A login completes only in the browser that started it (issue #10, login CSRF): the start sets
-- an HttpOnly cookie whose SHA-256 is kept with the attempt and then with the one-time code; the
-- callback and the code exchange require it. The page that starts a login may also send the
-- SHA-256 of a verifier it keeps (verifier_challenge); the code exchange then requires the verifier.
alter table login_attempts add column binding_hash text;
alter table login_codes add column binding_hash text;
alter table login_attempts add column verifier_challenge text;
alter table login_codes add column verifier_challenge text;

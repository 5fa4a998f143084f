-- Template services (issue #40): a voucher programme's bucket and the vouchers it gave.
-- The programme's row is created with its template's bucket on the first claim and locked by
-- every claim (its decrement), so the daily limit and the bucket hold under concurrent
-- issuances. A grant outlives the document it came with: deleting the document does not give
-- the beneficiary a second voucher.
create table voucher_programmes (
  programme text primary key,
  remaining integer not null check (remaining >= 0),
  created_at timestamptz not null
);

create table voucher_grants (
  programme text not null references voucher_programmes (programme),
  beneficiary_afm text not null,
  document_id uuid not null,
  granted_at timestamptz not null,
  primary key (programme, beneficiary_afm)
);
create index voucher_grants_day_idx on voucher_grants (programme, granted_at);

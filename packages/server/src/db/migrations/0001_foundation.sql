-- Public bodies that receive documents (spec section 3, "Entity (mailbox)").
create table entities (
  id uuid primary key default gen_random_uuid(),
  codename text not null unique check (codename ~ '^[A-Z0-9_]{2,64}$'),
  -- Friendly name in each interface language: {"el": "...", "en": "...", "fr": "..."}.
  display_name jsonb not null,
  email text,
  is_addressable boolean not null default true,
  is_managed boolean not null default true,
  has_inbox boolean not null default true,
  enabled boolean not null default true,
  parent_id uuid references entities (id),
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now()
);
create index entities_parent_idx on entities (parent_id);

-- Stand-in for the national registries (tax, civil, mobile certification) behind an adapter.
create table persons (
  afm text primary key check (afm ~ '^[0-9]{9}$'),
  amka text unique check (amka ~ '^[0-9]{11}$'),
  firstname text not null,
  surname text not null,
  father_name text,
  mother_name text,
  birth_date date,
  birth_place text,
  id_number text,
  id_type text,
  gender text,
  address jsonb,
  landline text,
  mobile text,
  mobile_certified boolean not null default false,
  email text,
  is_natural_person boolean not null default true,
  -- active | deactivated | deceased: the tax registry's view, which login checks.
  tax_status text not null default 'active' check (tax_status in ('active', 'deactivated', 'deceased')),
  is_civil_servant boolean not null default false,
  created_at timestamptz not null default now()
);

-- Last time each periodic job ran; /healthz reads it to tell whether the workers are alive.
create table job_heartbeats (
  name text primary key,
  last_run_at timestamptz not null
);

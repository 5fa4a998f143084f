-- Who may use a restricted template (issue #37; spec section 1: "certified translators, named
-- operators or permitted employers"). The registry of certified translators and the persons'
-- employers stand in for the registries until their port has them; the lists per template are
-- kept by the template's owning entity.
create table certified_translators (
  afm text primary key check (afm ~ '^[0-9]{9}$'),
  name text not null,
  registered_at timestamptz not null,
  -- A translator struck off the registry keeps her row, with the date.
  revoked_at timestamptz
);

create table person_employers (
  afm text not null check (afm ~ '^[0-9]{9}$'),
  employer_afm text not null check (employer_afm ~ '^[0-9]{9}$'),
  employer_name text not null,
  primary key (afm, employer_afm)
);

create table template_permitted_employers (
  template_refname text not null,
  employer_afm text not null check (employer_afm ~ '^[0-9]{9}$'),
  employer_name text not null,
  created_at timestamptz not null,
  primary key (template_refname, employer_afm)
);

create table template_named_operators (
  template_refname text not null,
  afm text not null check (afm ~ '^[0-9]{9}$'),
  -- The entity that keeps the list (the template's owner), when it has one.
  entity_id uuid references entities (id) on delete cascade,
  created_at timestamptz not null,
  primary key (template_refname, afm)
);

import {
  CASE_STATUSES,
  FILTERABLE_FIELD_COMPONENTS,
  ANNOTATION_ANY_VALUE,
  annotationFilter,
  formFieldFilter,
  nameKey,
  type InboxQuery,
  isUuid,
  type Template,
} from '@dilosi/domain';
import { sql, type Kysely } from 'kysely';
import { now } from '../../clock';
import type { DB } from '../../db/schema';
import type { TemplateCatalog } from '../templates';
import { activitySince, hasNewActivity } from './case-activity';
import { caseRows } from './case-queries';

const NO_ASSIGNEE = '00000000-0000-0000-0000-000000000000';

/** Midnight in Athens of a YYYY-MM-DD day, as an instant (DST-aware through the database). */
const athensDayStart = (day: string) =>
  sql<Date>`(${day}::date)::timestamp at time zone 'Europe/Athens'`;

/** The list's filters without paging or order (the list, its neighbours and the export share them). */
export type InboxFilters = Omit<InboxQuery, 'limit' | 'offset' | 'ordering'>;

/**
 * The entity's cases narrowed by the list's filters. Filters go to indexed columns only (entity,
 * status, assignee, received_at, the folded name and the case number).
 */
export async function filteredCases(
  db: Kysely<DB>,
  catalog: TemplateCatalog,
  input: { entityId: string; userId: string; query: InboxFilters },
) {
  const { entityId, userId, query } = input;
  let filtered = caseRows(db)
    .where('inbox_entries.entity_id', '=', entityId)
    .where('inbox_entries.dismissed_at', 'is', null);
  if (query.status && (CASE_STATUSES as readonly string[]).includes(query.status)) {
    filtered = filtered.where('inbox_entries.status', '=', query.status);
  }
  if (query.assignee_id) {
    const assignee = query.assignee_id === 'me' ? userId : query.assignee_id;
    // An id that is not a uuid matches nothing (and never reaches the uuid column).
    filtered = filtered.where(
      'inbox_entries.assignee_id',
      '=',
      isUuid(assignee) ? assignee.toLowerCase() : NO_ASSIGNEE,
    );
  }
  if (query.template) {
    filtered = filtered.where('inbox_entries.template_refname', '=', query.template);
  }
  if (query.field?.trim()) {
    // A form field of the chosen template; anything else matches nothing rather than everything.
    const wanted = formFieldFilter(query.field);
    const template = query.template ? catalog.find(query.template) : undefined;
    const known =
      wanted && template && filterableFields(template).some((field) => field.key === wanted.key);
    if (!wanted || !known) {
      filtered = filtered.where(sql<boolean>`false`);
    } else {
      filtered = filtered.where((eb) =>
        eb.exists(
          eb
            .selectFrom('documents')
            .select('documents.id')
            .whereRef('documents.id', '=', 'inbox_entries.document_id')
            .where(
              sql<string>`documents.values ->> ${wanted.key}`,
              'ilike',
              `%${escapeLike(wanted.text)}%`,
            ),
        ),
      );
    }
  }
  if (query.annotation?.trim()) {
    // A malformed filter matches nothing rather than everything.
    const annotation = annotationFilter(query.annotation) ?? { fieldId: NO_ASSIGNEE, value: '' };
    filtered = filtered.where((eb) =>
      eb.exists(
        eb
          .selectFrom('case_annotations')
          .select('case_annotations.field_id')
          .whereRef('case_annotations.inbox_entry_id', '=', 'inbox_entries.id')
          .where('case_annotations.field_id', '=', annotation.fieldId)
          .$if(annotation.value !== ANNOTATION_ANY_VALUE, (q) =>
            q.where('case_annotations.value', '=', annotation.value),
          ),
      ),
    );
  }
  const caseNumber = query.case?.trim();
  if (caseNumber) filtered = filtered.where('inbox_entries.case_id', '=', caseNumber.toUpperCase());
  const name = query.user ? nameKey(query.user) : '';
  if (name)
    filtered = filtered.where('inbox_entries.citizen_name_key', 'like', `%${escapeLike(name)}%`);
  const title = query.document_title?.trim();
  if (title) {
    const refnames = catalog
      .list()
      .filter((t) =>
        matchesTitle(
          [t.refname, t.shortname.el, t.shortname.en ?? '', t.shortname.fr ?? ''],
          title,
        ),
      )
      .map((t) => t.refname);
    filtered = filtered.where((eb) =>
      eb.or([
        eb('inbox_entries.subject', 'ilike', `%${escapeLike(title)}%`),
        ...(refnames.length ? [eb('inbox_entries.template_refname', 'in', refnames)] : []),
      ]),
    );
  }
  const assigneeName = query.assignee ? nameKey(query.assignee) : '';
  if (assigneeName) {
    // The entity's staff whose name matches, in any script; then an indexed assignee filter.
    const staff = await db
      .selectFrom('permissions')
      .innerJoin('users', 'users.id', 'permissions.user_id')
      .select(['users.id', 'users.firstname', 'users.surname'])
      .where('permissions.entity_id', '=', entityId)
      .execute();
    const ids = staff
      .filter((u) => nameKey(`${u.firstname ?? ''} ${u.surname ?? ''}`).includes(assigneeName))
      .map((u) => u.id);
    filtered = filtered.where('inbox_entries.assignee_id', 'in', ids.length ? ids : [NO_ASSIGNEE]);
  }
  if (query.activity === 'new') {
    const viewer = { userId, since: activitySince(now()) };
    filtered = filtered.where((eb) => hasNewActivity(eb, viewer));
  }
  if (query.followed === 'me') {
    filtered = filtered.where((eb) =>
      eb.exists(
        eb
          .selectFrom('case_follows')
          .select('case_follows.inbox_entry_id')
          .whereRef('case_follows.inbox_entry_id', '=', 'inbox_entries.id')
          .where('case_follows.user_id', '=', userId),
      ),
    );
  }
  if (query.opinions === 'pending') {
    // Asked by this entity on the case, neither given nor cancelled yet (overdue ones too).
    filtered = filtered.where((eb) =>
      eb.exists(
        eb
          .selectFrom('case_opinions')
          .select('case_opinions.inbox_entry_id')
          .whereRef('case_opinions.inbox_entry_id', '=', 'inbox_entries.id')
          .where('case_opinions.state', '=', 'requested'),
      ),
    );
  }
  if (query.date_from) {
    filtered = filtered.where('inbox_entries.received_at', '>=', athensDayStart(query.date_from));
  }
  if (query.date_to) {
    filtered = filtered.where(
      'inbox_entries.received_at',
      '<',
      sql<Date>`${athensDayStart(query.date_to)} + interval '1 day'`,
    );
  }
  return filtered;
}

function escapeLike(text: string): string {
  return text.replace(/[\\%_]/g, (c) => `\\${c}`);
}

function matchesTitle(names: string[], query: string): boolean {
  const wanted = nameKey(query);
  return wanted !== '' && names.some((name) => nameKey(name).includes(wanted));
}

/** A template's form fields a clerk may filter the list by: typed or chosen values (issue #41). */
export function filterableFields(template: Template) {
  return template.fields
    .filter((field) => (FILTERABLE_FIELD_COMPONENTS as readonly string[]).includes(field.component))
    .map((field) => ({ key: field.key, label: field.label }));
}

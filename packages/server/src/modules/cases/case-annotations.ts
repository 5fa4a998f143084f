import crypto from 'node:crypto';
import {
  ANNOTATION_CHOICE_MAX,
  ANNOTATION_CHOICES_MAX,
  ANNOTATION_FIELDS_MAX,
  ANNOTATION_LABEL_MAX,
  annotationValue,
  isUuid,
  userDisplayName,
  type AnnotationField,
  type AnnotationFieldRequest,
  type AnnotationKind,
  type CaseAnnotations,
} from '@dilosi/domain';
import type { Kysely } from 'kysely';
import { now } from '../../clock';
import type { DB } from '../../db/schema';
import { AppError, invalidField } from '../../lib/app-error';
import type { TemplateCatalog } from '../templates';
import { findCase } from './case-queries';
import { recordCaseEvent } from './record-case-event';

const fieldNotFound = () => new AppError(404, 'annotation_field_not_found');

type FieldRow = {
  id: string;
  label: string;
  kind: string;
  choices: string;
  template_refname: string | null;
  created_at: Date | string;
};

const FIELD_COLUMNS = ['id', 'label', 'kind', 'choices', 'template_refname', 'created_at'] as const;

const toField = (row: FieldRow): AnnotationField => ({
  id: row.id,
  label: row.label,
  kind: row.kind as AnnotationKind,
  choices: JSON.parse(row.choices) as string[],
  template: row.template_refname,
  created_at: new Date(row.created_at).toISOString(),
});

const oneLine = (text: string) => text.trim().replace(/\s+/g, ' ');

/** The entity's annotation fields, in the order they were added. */
export async function listAnnotationFields(
  db: Kysely<DB>,
  entityId: string,
): Promise<AnnotationField[]> {
  const rows = await db
    .selectFrom('annotation_fields')
    .select(FIELD_COLUMNS)
    .where('entity_id', '=', entityId)
    .orderBy('created_at')
    .orderBy('id')
    .execute();
  return rows.map(toField);
}

/**
 * A head adds an annotation field (issue #41): a label of 1-80 characters unique in the entity
 * (409 annotation_field_exists), a kind, for a choice 1-20 distinct choices of 1-60 characters
 * (400 `choices` choices_required), optionally one template of the catalogue (400 `template`
 * annotation_field_not_found otherwise), at most 30 per entity (409 annotation_fields_full).
 */
export async function createAnnotationField(
  db: Kysely<DB>,
  catalog: TemplateCatalog,
  input: { entityId: string } & AnnotationFieldRequest,
): Promise<AnnotationField> {
  const label = oneLine(input.label);
  if (label === '') throw invalidField('label', 'name_required');
  if (label.length > ANNOTATION_LABEL_MAX) {
    throw invalidField('label', 'text_too_long', { max: ANNOTATION_LABEL_MAX });
  }
  let choices: string[] = [];
  if (input.kind === 'choice') {
    choices = (input.choices ?? []).map(oneLine).filter((choice) => choice !== '');
    const distinct = new Set(choices.map((choice) => choice.toLowerCase()));
    if (
      choices.length === 0 ||
      choices.length > ANNOTATION_CHOICES_MAX ||
      distinct.size !== choices.length ||
      choices.some((choice) => choice.length > ANNOTATION_CHOICE_MAX)
    ) {
      throw invalidField('choices', 'choices_required');
    }
  }
  const template = input.template?.trim() || null;
  if (template !== null && !catalog.find(template)) {
    throw invalidField('template', 'annotation_field_not_found');
  }
  return db.transaction().execute(async (trx) => {
    // The entity's row orders concurrent additions, so the count and the label check hold.
    await trx
      .selectFrom('entities')
      .select('id')
      .where('id', '=', input.entityId)
      .forUpdate()
      .execute();
    const fields = await trx
      .selectFrom('annotation_fields')
      .select('label')
      .where('entity_id', '=', input.entityId)
      .execute();
    if (fields.some((field) => field.label.toLowerCase() === label.toLowerCase())) {
      throw new AppError(409, 'annotation_field_exists');
    }
    if (fields.length >= ANNOTATION_FIELDS_MAX) throw new AppError(409, 'annotation_fields_full');
    const row = await trx
      .insertInto('annotation_fields')
      .values({
        entity_id: input.entityId,
        label,
        kind: input.kind,
        choices: JSON.stringify(choices),
        template_refname: template,
        created_at: now(),
      })
      .returning(FIELD_COLUMNS)
      .executeTakeFirstOrThrow();
    return toField(row);
  });
}

/** A head deletes a field and every value of it; another entity's or none: 404. */
export async function deleteAnnotationField(
  db: Kysely<DB>,
  input: { entityId: string; id: string },
): Promise<void> {
  if (!isUuid(input.id)) throw fieldNotFound();
  const deleted = await db
    .deleteFrom('annotation_fields')
    .where('id', '=', input.id.toLowerCase())
    .where('entity_id', '=', input.entityId)
    .executeTakeFirst();
  if (Number(deleted.numDeletedRows) === 0) throw fieldNotFound();
}

/** The fields that apply to a case (the entity's, and its template's) with their values. */
export async function caseAnnotations(
  db: Kysely<DB>,
  input: { entityId: string; inboxId: string },
): Promise<CaseAnnotations> {
  const entry = await findCase(db, input.entityId, input.inboxId);
  const [fields, values] = await Promise.all([
    fieldsOfCase(db, input.entityId, entry.template_refname),
    db
      .selectFrom('case_annotations')
      .leftJoin('users', 'users.id', 'case_annotations.updated_by')
      .select([
        'case_annotations.field_id',
        'case_annotations.value',
        'case_annotations.file_size',
        'case_annotations.updated_at',
        'users.id as user_id',
        'users.firstname',
        'users.surname',
        'users.username',
        'users.email',
      ])
      .where('case_annotations.inbox_entry_id', '=', entry.id)
      .execute(),
  ]);
  const byField = new Map(values.map((row) => [row.field_id, row]));
  return {
    fields,
    values: fields.map((field) => {
      const row = byField.get(field.id);
      return {
        field_id: field.id,
        value: row?.value ?? null,
        file_size: row?.file_size ?? null,
        updated_at: row ? new Date(row.updated_at).toISOString() : null,
        updated_by_display_name: row?.user_id
          ? userDisplayName({
              id: row.user_id,
              firstname: row.firstname,
              surname: row.surname,
              username: row.username,
              email: row.email,
            })
          : null,
      };
    }),
  };
}

async function fieldsOfCase(db: Kysely<DB>, entityId: string, template: string | null) {
  const fields = await listAnnotationFields(db, entityId);
  return fields.filter((field) => field.template === null || field.template === template);
}

/** The case, locked, and one of the fields that apply to it; another or none: 404. */
async function lockCaseField(
  trx: Kysely<DB>,
  input: { entityId: string; inboxId: string; fieldId: string },
) {
  const entry = await findCase(trx, input.entityId, input.inboxId, { forUpdate: true });
  const field = (await fieldsOfCase(trx, input.entityId, entry.template_refname)).find(
    (candidate) => candidate.id === input.fieldId.toLowerCase(),
  );
  if (!field) throw fieldNotFound();
  return { entry, field };
}

/**
 * A clerk or head sets, changes or clears (null or empty) one annotation of a case: a field of
 * the entity that applies to the case's template (404 annotation_field_not_found), a value of its
 * kind (400 `value` annotation_value_invalid or text_too_long). A change goes to the case's
 * history with the field's label and the values before and after; the same value again is no
 * change and writes nothing.
 */
export async function setCaseAnnotation(
  db: Kysely<DB>,
  input: {
    entityId: string;
    inboxId: string;
    fieldId: string;
    userId: string;
    value: string | null;
  },
): Promise<CaseAnnotations> {
  if (!isUuid(input.fieldId)) throw fieldNotFound();
  await db.transaction().execute(async (trx) => {
    const { entry, field } = await lockCaseField(trx, input);
    const checked = annotationValue(field, input.value);
    if ('error' in checked) throw invalidField('value', checked.error);
    const before = await trx
      .selectFrom('case_annotations')
      .select('value')
      .where('inbox_entry_id', '=', entry.id)
      .where('field_id', '=', field.id)
      .executeTakeFirst();
    const from = before?.value ?? null;
    if (from === checked.value) return;
    const at = now();
    const value = checked.value;
    if (value === null) {
      await trx
        .deleteFrom('case_annotations')
        .where('inbox_entry_id', '=', entry.id)
        .where('field_id', '=', field.id)
        .execute();
    } else {
      await trx
        .insertInto('case_annotations')
        .values({
          inbox_entry_id: entry.id,
          field_id: field.id,
          value,
          updated_by: input.userId,
          updated_at: at,
        })
        .onConflict((oc) =>
          oc.columns(['inbox_entry_id', 'field_id']).doUpdateSet({
            value,
            updated_by: input.userId,
            updated_at: at,
          }),
        )
        .execute();
    }
    await recordCaseEvent(trx, {
      entryId: entry.id,
      action: 'annotate',
      userId: input.userId,
      details: { field: field.label, kind: field.kind, before: from, after: value },
      at,
    });
  });
  return caseAnnotations(db, { entityId: input.entityId, inboxId: input.inboxId });
}

/** Every annotation of these cases, by case and field id (the export's columns). */
export async function annotationsOfCases(
  db: Kysely<DB>,
  entryIds: readonly string[],
): Promise<Map<string, Map<string, string>>> {
  const byCase = new Map<string, Map<string, string>>();
  if (entryIds.length === 0) return byCase;
  const rows = await db
    .selectFrom('case_annotations')
    .select(['inbox_entry_id', 'field_id', 'value'])
    .where('inbox_entry_id', 'in', entryIds)
    .execute();
  for (const row of rows) {
    let values = byCase.get(row.inbox_entry_id);
    if (!values) byCase.set(row.inbox_entry_id, (values = new Map()));
    values.set(row.field_id, row.value);
  }
  return byCase;
}

/**
 * A clerk or head uploads the PDF of an `attachment` annotation of a case (issue #41): one file,
 * checked like every upload (400 file_too_large, file_type_invalid, pdf_…), replacing the one
 * before; a field of another kind: 400 `value` annotation_value_invalid. The value becomes the
 * file's name; the change goes to the case's history with the names before and after. Clearing
 * is the PUT of null, as for every kind.
 */
export async function setCaseAnnotationFile(
  db: Kysely<DB>,
  input: {
    entityId: string;
    inboxId: string;
    fieldId: string;
    userId: string;
    file: { filename: string; bytes: Uint8Array };
  },
): Promise<CaseAnnotations> {
  if (!isUuid(input.fieldId)) throw fieldNotFound();
  await db.transaction().execute(async (trx) => {
    const { entry, field } = await lockCaseField(trx, input);
    if (field.kind !== 'attachment') throw invalidField('value', 'annotation_value_invalid');
    const before = await trx
      .selectFrom('case_annotations')
      .select('value')
      .where('inbox_entry_id', '=', entry.id)
      .where('field_id', '=', field.id)
      .executeTakeFirst();
    const at = now();
    const file = {
      value: input.file.filename,
      file_id: crypto.randomUUID(),
      file_bytes: input.file.bytes,
      file_size: input.file.bytes.length,
      file_sha256: crypto.createHash('sha256').update(input.file.bytes).digest('hex'),
      updated_by: input.userId,
      updated_at: at,
    };
    await trx
      .insertInto('case_annotations')
      .values({ inbox_entry_id: entry.id, field_id: field.id, ...file })
      .onConflict((oc) => oc.columns(['inbox_entry_id', 'field_id']).doUpdateSet(file))
      .execute();
    await recordCaseEvent(trx, {
      entryId: entry.id,
      action: 'annotate',
      userId: input.userId,
      details: {
        field: field.label,
        kind: field.kind,
        before: before?.value ?? null,
        after: file.value,
      },
      at,
    });
  });
  return caseAnnotations(db, { entityId: input.entityId, inboxId: input.inboxId });
}

/** The file of a case's attachment annotation, if it has one: its id names it in a token. */
export async function annotationFileOf(
  db: Kysely<DB>,
  input: { entityId: string; inboxId: string; fieldId: string },
): Promise<{ fileId: string }> {
  if (!isUuid(input.fieldId)) throw fieldNotFound();
  const entry = await findCase(db, input.entityId, input.inboxId);
  const row = await db
    .selectFrom('case_annotations')
    .innerJoin('annotation_fields', 'annotation_fields.id', 'case_annotations.field_id')
    .select('case_annotations.file_id')
    .where('case_annotations.inbox_entry_id', '=', entry.id)
    .where('case_annotations.field_id', '=', input.fieldId.toLowerCase())
    .where('annotation_fields.entity_id', '=', input.entityId)
    .executeTakeFirst();
  if (!row?.file_id) throw new AppError(404, 'not_found');
  return { fileId: row.file_id };
}

/** An attachment annotation's PDF by its file id (the download token's), or undefined. */
export async function annotationFileById(db: Kysely<DB>, fileId: string) {
  return db
    .selectFrom('case_annotations')
    .select(['file_bytes', 'value', 'file_sha256'])
    .where('file_id', '=', fileId)
    .executeTakeFirst();
}

import { athensYear, caseMachine, type CaseForwardLink, type ForwardAction } from '@dilosi/domain';
import { sql, type Kysely } from 'kysely';
import { now } from '../../clock';
import type { DB } from '../../db/schema';
import { AppError } from '../../lib/app-error';
import { alertEntityStaff, type EntityAlertServices } from './alert-entity-staff';
import { findCase } from './case-queries';
import { recordCaseEvent } from './record-case-event';

type Target = {
  id: string;
  codename: string;
  display_name: { el: string; en?: string; fr?: string };
};

const localized = (text: { el: string; en?: string; fr?: string }) => ({
  el: text.el,
  en: text.en ?? text.el,
  fr: text.fr ?? text.el,
});

/**
 * A clerk forwards a case to other entities (spec section 7, `forward` with `target-codename`,
 * or `forward-info` with a `recipient_dataset`). Each target gets a case of its own, incoming,
 * with the same document and citizen and a new case number, linked to the source through a
 * `case_forwards` row; the source keeps its status (the "Προωθημένη" label is read from that
 * row). History on both sides; the tab counters follow through the inbox_entries trigger, all
 * in one transaction. A dataset's members that already hold the case (or are the source
 * itself) are passed over; naming one explicitly is an error. The optional comment (plain
 * text, at most a note's length) is kept with both history rows, for each entity to read.
 * Each target entity and its staff are alerted of the new case (alertEntityStaff).
 */
export async function forwardCase(
  db: Kysely<DB>,
  services: EntityAlertServices,
  input: { entityId: string; userId: string; request: ForwardAction },
): Promise<CaseForwardLink[]> {
  const { request } = input;
  const comment = request.arguments.comment?.trim() ?? '';
  const withComment = comment === '' ? {} : { comment };
  return db.transaction().execute(async (trx) => {
    const source = await findCase(trx, input.entityId, request.object_id, { forUpdate: true });
    const done = await trx
      .selectFrom('case_forwards')
      .select('target_entity_id')
      .where('source_entry_id', '=', source.id)
      .execute();
    const alreadyHolding = new Set(done.map((row) => row.target_entity_id));

    let targets: Target[];
    let dataset: string | null = null;
    if (request.action === 'forward') {
      const raw = request.arguments['target-codename'];
      const codenames = (Array.isArray(raw) ? raw : [raw]).map((c) => c.trim().toUpperCase());
      if (codenames.some((c) => c === '')) {
        throw new AppError(400, 'invalid_request', {
          invalid_fields: [{ invalid_field: 'target-codename', error_info: { code: 'required' } }],
        });
      }
      if (new Set(codenames).size !== codenames.length) {
        throw new AppError(400, 'duplicate_targets');
      }
      const found = await trx
        .selectFrom('entities')
        .select(['id', 'codename', 'display_name', 'enabled', 'has_inbox'])
        .where('codename', 'in', codenames)
        .execute();
      targets = codenames.map((codename) => {
        const entity = found.find((e) => e.codename === codename);
        if (!entity) throw new AppError(404, 'forward_target_not_found', { codename });
        if (entity.id === source.entity_id) throw new AppError(400, 'forward_to_self');
        if (!entity.enabled || !entity.has_inbox) {
          throw new AppError(409, 'forward_target_disabled', { codename });
        }
        if (alreadyHolding.has(entity.id)) {
          throw new AppError(409, 'already_forwarded', { codename });
        }
        return entity;
      });
    } else {
      dataset = request.arguments.recipient_dataset.trim();
      const known = await trx
        .selectFrom('recipient_datasets')
        .select('codename')
        .where('codename', '=', dataset)
        // Shared datasets and the forwarding entity's own (issue #39); another's is unknown.
        .where((eb) =>
          eb.or([eb('owner_entity_id', 'is', null), eb('owner_entity_id', '=', source.entity_id)]),
        )
        .executeTakeFirst();
      if (!known) throw new AppError(404, 'no_dataset', { recipient_dataset: dataset });
      const members = await trx
        .selectFrom('recipient_dataset_members')
        .innerJoin('entities', 'entities.id', 'recipient_dataset_members.entity_id')
        .select(['entities.id', 'entities.codename', 'entities.display_name'])
        .where('recipient_dataset_members.dataset', '=', dataset)
        .where('entities.enabled', '=', true)
        .where('entities.has_inbox', '=', true)
        .where('entities.id', '!=', source.entity_id)
        .orderBy('entities.codename')
        .execute();
      if (members.length === 0)
        throw new AppError(409, 'no_dataset', { recipient_dataset: dataset });
      targets = members.filter((m) => !alreadyHolding.has(m.id));
      if (targets.length === 0) throw new AppError(409, 'already_forwarded');
    }

    const at = now();
    const sourceEntity = await trx
      .selectFrom('entities')
      .select(['codename', 'display_name'])
      .where('id', '=', source.entity_id)
      .executeTakeFirstOrThrow();
    const links: CaseForwardLink[] = [];
    for (const target of targets) {
      const { rows } = await sql<{
        number: string;
      }>`select nextval('case_number_seq') as number`.execute(trx);
      const caseId = `${athensYear(at)}/${String(rows[0]?.number ?? 0).padStart(6, '0')}`;
      const entry = await trx
        .insertInto('inbox_entries')
        .values({
          entity_id: target.id,
          document_id: source.document_id,
          case_id: caseId,
          status: caseMachine.initial,
          reference_code: source.reference_code,
          template_refname: source.template_refname,
          subject: source.subject,
          citizen_name: source.citizen_name,
          citizen_name_key: source.citizen_name_key,
          citizen_afm: source.citizen_afm,
          deadline_days: source.deadline_days,
          received_at: at,
          updated_at: at,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      await trx
        .insertInto('case_forwards')
        .values({
          source_entry_id: source.id,
          target_entry_id: entry.id,
          target_entity_id: target.id,
          recipient_dataset: dataset,
          user_id: input.userId,
          created_at: at,
        })
        .execute();
      await recordCaseEvent(trx, {
        entryId: source.id,
        action: 'forwarded',
        userId: input.userId,
        details: {
          entity: target.codename,
          entity_display_name: localized(target.display_name),
          case_id: caseId,
          recipient_dataset: dataset,
          ...withComment,
        },
        at,
      });
      await recordCaseEvent(trx, {
        entryId: entry.id,
        action: 'forwarded_from',
        userId: input.userId,
        details: {
          entity: sourceEntity.codename,
          entity_display_name: localized(sourceEntity.display_name),
          case_id: source.case_id,
          reference_code: source.reference_code,
          ...withComment,
        },
        at,
      });
      await alertEntityStaff(services, trx, {
        entryId: entry.id,
        kind: 'new_case',
        actorId: input.userId,
      });
      links.push({
        entity_codename: target.codename,
        entity_display_name: localized(target.display_name),
        case_id: caseId,
        timestamp: at.toISOString(),
        recipient_dataset: dataset,
      });
    }
    return links;
  });
}

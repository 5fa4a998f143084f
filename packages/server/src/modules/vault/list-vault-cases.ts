import {
  VAULT_CASE_RECEIVED_LIMIT,
  type CaseStatus,
  type CitizenMessageType,
  type MessageStatus,
  type VaultCasePage,
} from '@dilosi/domain';
import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema';
import { pageMeta } from '../../lib/paging';
import type { TemplateCatalog } from '../templates';

export type ListVaultCasesInput = {
  ownerId: string;
  /** The caller's tax number: cases without a document (demo, paper) are matched by it. */
  afm: string | null;
  limit: number;
  offset: number;
};

/**
 * The cases of the citizen's documents, newest received first, each with its entity's status and
 * what the citizen received about it. A case is the citizen's when its document is theirs, or,
 * having no document, when it names their tax number (as the case's messages find them).
 */
export async function listVaultCases(
  db: Kysely<DB>,
  catalog: TemplateCatalog,
  input: ListVaultCasesInput,
): Promise<VaultCasePage> {
  const { ownerId, afm, limit, offset } = input;
  // Two indexed look-ups joined by union, not an OR across the join (a scan of every case).
  const byDocument = db
    .selectFrom('inbox_entries as mine')
    .innerJoin('documents', 'documents.id', 'mine.document_id')
    .select('mine.id')
    .where('documents.owner_id', '=', ownerId);
  const mine = afm
    ? byDocument.unionAll(
        db
          .selectFrom('inbox_entries as paper')
          .select('paper.id')
          .where('paper.document_id', 'is', null)
          .where('paper.citizen_afm', '=', afm),
      )
    : byDocument;
  const base = db
    .selectFrom('inbox_entries')
    .innerJoin('entities', 'entities.id', 'inbox_entries.entity_id')
    .where('inbox_entries.id', 'in', mine);
  const [rows, total] = await Promise.all([
    base
      .select([
        'inbox_entries.id',
        'inbox_entries.case_id',
        'inbox_entries.status',
        'inbox_entries.reference_code',
        'inbox_entries.template_refname',
        'inbox_entries.subject',
        'inbox_entries.received_at',
        'inbox_entries.updated_at',
        'entities.codename',
        'entities.display_name',
      ])
      .orderBy('inbox_entries.received_at', 'desc')
      .orderBy('inbox_entries.id', 'desc')
      .limit(limit)
      .offset(offset)
      .execute(),
    base.select((eb) => eb.fn.countAll<string>().as('n')).executeTakeFirstOrThrow(),
  ]);

  const ids = rows.map((row) => row.id);
  const received = ids.length
    ? await db
        .selectFrom('citizen_messages')
        .select(['id', 'type', 'status', 'created_at', 'inbox_entry_id', 'state_data'])
        .where('owner_id', '=', ownerId)
        .where('inbox_entry_id', 'in', ids)
        .orderBy('tsid', 'desc')
        .execute()
    : [];

  // Copies another entity forwarded: she did not send them there herself (issue #33).
  const forwards = ids.length
    ? await db
        .selectFrom('case_forwards')
        .innerJoin('inbox_entries as source', 'source.id', 'case_forwards.source_entry_id')
        .innerJoin('entities as sender', 'sender.id', 'source.entity_id')
        .select(['case_forwards.target_entry_id', 'sender.codename', 'sender.display_name'])
        .where('case_forwards.target_entry_id', 'in', ids)
        .execute()
    : [];

  return {
    data: rows.map((row) => {
      const forward = forwards.find((f) => f.target_entry_id === row.id);
      const template = catalog.find(row.template_refname);
      const shortname = template?.shortname ?? {
        el: row.subject,
        en: row.subject,
        fr: row.subject,
      };
      return {
        id: row.id,
        case_id: row.case_id,
        status: row.status as CaseStatus,
        entity: {
          codename: row.codename,
          display_name: row.display_name as VaultCasePage['data'][number]['entity']['display_name'],
        },
        forwarded_from: forward
          ? {
              codename: forward.codename,
              display_name:
                forward.display_name as VaultCasePage['data'][number]['entity']['display_name'],
            }
          : null,
        reference_code: row.reference_code,
        template: { refname: row.template_refname, shortname },
        received_at: new Date(row.received_at).toISOString(),
        updated_at: new Date(row.updated_at).toISOString(),
        received: received
          .filter((message) => message.inbox_entry_id === row.id)
          .slice(0, VAULT_CASE_RECEIVED_LIMIT)
          .map((message) => ({
            id: message.id,
            type: message.type as CitizenMessageType,
            status: message.status as MessageStatus,
            create_timestamp: new Date(message.created_at).toISOString(),
            summary: summaryOf(message.state_data),
          })),
      };
    }),
    meta: pageMeta(Number(total.n), limit, offset),
  };
}

function summaryOf(stateData: unknown): string | null {
  const value = (stateData as { summary?: unknown } | null)?.summary;
  return typeof value === 'string' ? value : null;
}

import { isUuid } from '@dilosi/domain';
import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema';
import { caseNotFound } from './case-queries';

/** Who asks for a case on the citizen's side: her id and her tax number. */
export type CaseCitizen = { id: string; afm: string | null };

/**
 * One of the citizen's cases (as her vault lists them: its document is hers or, having no
 * document, it names her tax number) with its entity's state, or 404 case_not_found (another
 * citizen's case too). `forUpdate` locks the case's row for the caller's transaction.
 */
export async function findCitizenCase(
  db: Kysely<DB>,
  citizen: CaseCitizen,
  entryId: string,
  options: { forUpdate?: boolean } = {},
) {
  if (!isUuid(entryId)) throw caseNotFound();
  let query = db
    .selectFrom('inbox_entries')
    .innerJoin('entities', 'entities.id', 'inbox_entries.entity_id')
    .leftJoin('documents', 'documents.id', 'inbox_entries.document_id')
    .select([
      'inbox_entries.id',
      'inbox_entries.entity_id',
      'inbox_entries.case_id',
      'inbox_entries.status',
      'inbox_entries.reference_code',
      'inbox_entries.template_refname',
      'inbox_entries.subject',
      'inbox_entries.received_at',
      'inbox_entries.updated_at',
      'inbox_entries.dismissed_at',
      'entities.codename',
      'entities.display_name',
      'entities.enabled',
    ])
    .where('inbox_entries.id', '=', entryId.toLowerCase())
    .where((eb) =>
      eb.or([
        eb('documents.owner_id', '=', citizen.id),
        ...(citizen.afm
          ? [
              eb.and([
                eb('inbox_entries.document_id', 'is', null),
                eb('inbox_entries.citizen_afm', '=', citizen.afm),
              ]),
            ]
          : []),
      ]),
    );
  if (options.forUpdate) query = query.forUpdate('inbox_entries');
  const row = await query.executeTakeFirst();
  if (!row) throw caseNotFound();
  return row;
}

export type CitizenCase = Awaited<ReturnType<typeof findCitizenCase>>;

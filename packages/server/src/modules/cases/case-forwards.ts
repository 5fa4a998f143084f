import type { CaseForwardLink, LocalizedText } from '@dilosi/domain';
import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema';

const names = (text: { el: string; en?: string; fr?: string }): LocalizedText => ({
  el: text.el,
  en: text.en ?? text.el,
  fr: text.fr ?? text.el,
});

/**
 * The two ends of a case's forwards: where it went (the "Προωθημένη" label) and, for a case that
 * arrived forwarded, the entity and case number it came from (the link back).
 */
export async function caseForwardLinks(
  db: Kysely<DB>,
  entryId: string,
): Promise<{ forwardedTo: CaseForwardLink[]; forwardedFrom: CaseForwardLink | null }> {
  const [to, from] = await Promise.all([
    db
      .selectFrom('case_forwards')
      .innerJoin('inbox_entries as target', 'target.id', 'case_forwards.target_entry_id')
      .innerJoin('entities', 'entities.id', 'target.entity_id')
      .select([
        'entities.codename',
        'entities.display_name',
        'target.case_id',
        'case_forwards.created_at',
        'case_forwards.recipient_dataset',
      ])
      .where('case_forwards.source_entry_id', '=', entryId)
      .orderBy('case_forwards.created_at')
      .orderBy('entities.codename')
      .execute(),
    db
      .selectFrom('case_forwards')
      .innerJoin('inbox_entries as source', 'source.id', 'case_forwards.source_entry_id')
      .innerJoin('entities', 'entities.id', 'source.entity_id')
      .select([
        'entities.codename',
        'entities.display_name',
        'source.case_id',
        'case_forwards.created_at',
        'case_forwards.recipient_dataset',
      ])
      .where('case_forwards.target_entry_id', '=', entryId)
      .executeTakeFirst(),
  ]);
  const link = (row: NonNullable<typeof from>): CaseForwardLink => ({
    entity_codename: row.codename,
    entity_display_name: names(row.display_name),
    case_id: row.case_id,
    timestamp: new Date(row.created_at).toISOString(),
    recipient_dataset: row.recipient_dataset,
  });
  return { forwardedTo: to.map(link), forwardedFrom: from ? link(from) : null };
}

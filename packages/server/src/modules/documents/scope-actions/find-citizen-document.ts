import { isUuid, parseReferenceCode, type DocumentCallerRole } from '@dilosi/domain';
import type { DocumentRow } from '../../../db/schema';
import { findOwnedDocument, findReceivedDocument, type Queryable } from '../document-queries';

export type CitizenDocument = {
  stored: DocumentRow;
  role: Extract<DocumentCallerRole, 'owner' | 'receiver'>;
};

/**
 * A document the citizen reaches as hers: her own (any state), or one an entity issued to her
 * (`receiver`); by id, or (`byCode`) by reference code as typed, as GET
 * /api/citizen-declarations/{ref} finds it. Anything else: null (a 404 for her).
 */
export async function findCitizenDocument(
  db: Queryable,
  userId: string,
  idOrCode: string,
  options: { byCode?: boolean } = {},
): Promise<CitizenDocument | null> {
  if (isUuid(idOrCode)) {
    const id = idOrCode.toLowerCase();
    const owned = await findOwnedDocument(db, id, userId);
    if (owned) return { stored: owned, role: 'owner' };
    const received = await findReceivedDocument(db, id, userId);
    return received ? { stored: received, role: 'receiver' } : null;
  }
  if (!options.byCode) return null;
  const parsed = parseReferenceCode(idOrCode);
  if (!parsed.ok) return null;
  const row = await db
    .selectFrom('documents')
    .selectAll()
    .where('reference_code', '=', parsed.code)
    .where((eb) =>
      eb.or([
        eb.and([eb('owner_id', '=', userId), eb('issuer_entity_id', 'is', null)]),
        eb('recipient_user_id', '=', userId),
      ]),
    )
    .executeTakeFirst();
  if (!row) return null;
  const isOwner = row.owner_id === userId && row.issuer_entity_id === null;
  return { stored: row, role: isOwner ? 'owner' : 'receiver' };
}

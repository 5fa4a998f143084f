import { isUuid, type ReplyCaseStatus } from '@dilosi/domain';
import type { DocumentRow, Entity } from '../../db/schema';
import { findOwnedDocument, type Queryable } from './document-queries';

/**
 * Who issues a document, as data (spec section 7, "Scope paths"): a citizen her own
 * (`my-declarations`), or an entity through its staff (`entity/{e}/…`: a reply to a case, or a
 * document to a citizen). Create, update, backstep and issuance run the same code for every
 * kind; the kind's row in ISSUER_KINDS says what differs.
 */
export type Issuer =
  | { kind: 'citizen'; userId: string }
  | {
      kind: 'entity';
      entity: Entity;
      /** A reply's effect on its case, the clerk's choice at issuance (else the template's). */
      caseStatus?: ReplyCaseStatus | undefined;
    };

export type IssuerKind<I extends Issuer> = {
  /** The document as this issuer may handle it (locked when asked); undefined is a 404. */
  find(
    db: Queryable,
    issuer: I,
    id: string,
    options?: { forUpdate?: boolean },
  ): Promise<DocumentRow | undefined>;
  /**
   * How `submit` at the preview is confirmed: the citizen's SMS code (editing → requested →
   * issued), or nothing, the staff's session being the proof (editing → issued at once).
   */
  confirmation: 'sms_code' | 'none';
  /** The issuer printed on the PDF; null for a citizen's own declaration. */
  issuerName(issuer: I): string | null;
};

const ISSUER_KINDS: { [K in Issuer['kind']]: IssuerKind<Extract<Issuer, { kind: K }>> } = {
  citizen: {
    find: (db, issuer, id, options) => findOwnedDocument(db, id, issuer.userId, options),
    confirmation: 'sms_code',
    issuerName: () => null,
  },
  entity: {
    // Any document the entity issues, whichever clerk wrote it.
    async find(db, issuer, id, options = {}) {
      if (!isUuid(id)) return undefined;
      let query = db
        .selectFrom('documents')
        .selectAll()
        .where('id', '=', id.toLowerCase())
        .where('issuer_entity_id', '=', issuer.entity.id);
      if (options.forUpdate) query = query.forUpdate();
      return query.executeTakeFirst();
    },
    confirmation: 'none',
    issuerName: (issuer) => issuer.entity.display_name.el,
  },
};

/** The row of the issuer's kind. */
export function issuerKindOf<I extends Issuer>(issuer: I): IssuerKind<I> {
  return ISSUER_KINDS[issuer.kind] as unknown as IssuerKind<I>;
}

/** The document as the issuer may handle it; undefined is a 404 for them. */
export function findAsIssuer(
  db: Queryable,
  issuer: Issuer,
  id: string,
  options?: { forUpdate?: boolean },
): Promise<DocumentRow | undefined> {
  return issuerKindOf(issuer).find(db, issuer, id, options);
}

/** A citizen's own documents, issued with the SMS code. */
export const citizenIssuer = (userId: string): Issuer => ({ kind: 'citizen', userId });

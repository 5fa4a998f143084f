import type { Adapter, AdapterPayload } from 'oidc-provider';
import { sql } from 'kysely';
import type { Database } from '../db/database';

/**
 * oidc-provider's storage in the table idp_payloads, so interactions, sessions, codes and tokens
 * survive a restart and are shared by every API process. Expiry is the provider's own (real)
 * time: it does not follow the test clock.
 */
export class DatabaseAdapter implements Adapter {
  constructor(
    private readonly model: string,
    private readonly database: Database,
  ) {}

  async upsert(id: string, payload: AdapterPayload, expiresIn: number): Promise<void> {
    const expiresAt = expiresIn ? new Date(Date.now() + expiresIn * 1000) : null;
    const row = {
      model: this.model,
      id,
      payload: JSON.stringify(payload),
      grant_id: payload.grantId ?? null,
      uid: payload.uid ?? null,
      user_code: payload.userCode ?? null,
      expires_at: expiresAt,
    };
    await this.database.db
      .insertInto('idp_payloads')
      .values(row)
      .onConflict((oc) =>
        oc.columns(['model', 'id']).doUpdateSet({
          payload: row.payload,
          grant_id: row.grant_id,
          uid: row.uid,
          user_code: row.user_code,
          expires_at: row.expires_at,
        }),
      )
      .execute();
  }

  async find(id: string): Promise<AdapterPayload | undefined> {
    // Clients are static (one per login provider): none is ever stored.
    if (this.model === 'Client') return undefined;
    return this.findBy('id', id);
  }

  async findByUid(uid: string): Promise<AdapterPayload | undefined> {
    return this.findBy('uid', uid);
  }

  async findByUserCode(userCode: string): Promise<AdapterPayload | undefined> {
    return this.findBy('user_code', userCode);
  }

  async consume(id: string): Promise<void> {
    const consumed = JSON.stringify({ consumed: Math.floor(Date.now() / 1000) });
    await this.database.db
      .updateTable('idp_payloads')
      .set({ payload: sql`payload || ${consumed}::jsonb` })
      .where('model', '=', this.model)
      .where('id', '=', id)
      .execute();
  }

  async destroy(id: string): Promise<void> {
    await this.database.db
      .deleteFrom('idp_payloads')
      .where('model', '=', this.model)
      .where('id', '=', id)
      .execute();
  }

  async revokeByGrantId(grantId: string): Promise<void> {
    await this.database.db.deleteFrom('idp_payloads').where('grant_id', '=', grantId).execute();
  }

  private async findBy(
    column: 'id' | 'uid' | 'user_code',
    value: string,
  ): Promise<AdapterPayload | undefined> {
    const row = await this.database.db
      .selectFrom('idp_payloads')
      .select('payload')
      .where('model', '=', this.model)
      .where(column, '=', value)
      .where((eb) => eb.or([eb('expires_at', 'is', null), eb('expires_at', '>', new Date())]))
      .executeTakeFirst();
    return row?.payload as AdapterPayload | undefined;
  }
}

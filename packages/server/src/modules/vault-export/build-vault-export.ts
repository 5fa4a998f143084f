import crypto from 'node:crypto';
import type { VaultExportManifestEntry } from '@dilosi/domain';
import { Zip, ZipPassThrough } from 'fflate';
import { now } from '../../clock';
import type { Database } from '../../db/database';
import {
  exportableDocuments,
  moveVaultExport,
  VAULT_EXPORT_TTL_MS,
  type VaultExportRow,
} from './vault-export-queries';

/** ZIP bytes per stored chunk row: memory stays near this, whatever the vault's size. */
const CHUNK_BYTES = 1024 * 1024;

/**
 * The vault-export job: writes the owner's sealed PDFs, byte for byte, and a manifest.json into
 * a ZIP stored in chunks, counting documents done as it goes. PDFs are already compressed, so
 * they are stored, not deflated. A retried job starts the ZIP over. A failure marks it failed.
 */
export async function buildVaultExport(database: Database, exportId: string): Promise<void> {
  const { db } = database;
  const row = await db
    .selectFrom('vault_exports')
    .selectAll()
    .where('id', '=', exportId)
    .executeTakeFirst();
  // Gone (the owner deleted) or already finished by another worker: nothing to do.
  if (!row || (row.state !== 'queued' && row.state !== 'running')) return;
  try {
    await writeZip(database, row);
  } catch (error) {
    const current = await db
      .selectFrom('vault_exports')
      .select(['id', 'state'])
      .where('id', '=', exportId)
      .executeTakeFirst();
    if (current) await moveVaultExport(db, current, 'fail');
    throw error;
  }
}

async function writeZip(database: Database, row: VaultExportRow): Promise<void> {
  const { db } = database;
  const documents = await exportableDocuments(db, row.owner_id)
    .select([
      'documents.id',
      'documents.reference_code',
      'documents.template_refname',
      'documents.template_version',
      'documents.state',
      'documents.issued_at',
    ])
    .orderBy('documents.issued_at')
    .orderBy('documents.id')
    .execute();
  await db.deleteFrom('vault_export_chunks').where('export_id', '=', row.id).execute();
  const running = {
    id: row.id,
    state: await moveVaultExport(db, row, 'start', { done: 0, total: documents.length }),
  };

  let pending: Uint8Array[] = [];
  let pendingBytes = 0;
  let seq = 0;
  let size = 0;
  const digest = crypto.createHash('sha256');
  let zipError: Error | null = null;
  const zip = new Zip((error, data) => {
    if (error) zipError = error;
    pending.push(data);
    pendingBytes += data.length;
    size += data.length;
    digest.update(data);
  });
  const store = async (force: boolean) => {
    if (zipError) throw zipError;
    if (pendingBytes === 0 || (!force && pendingBytes < CHUNK_BYTES)) return;
    const bytes = Buffer.concat(pending);
    pending = [];
    pendingBytes = 0;
    await db
      .insertInto('vault_export_chunks')
      .values({ export_id: row.id, seq: seq++, bytes })
      .execute();
  };
  const addFile = (name: string, bytes: Uint8Array, mtime: Date) => {
    const file = new ZipPassThrough(name);
    file.mtime = mtime;
    zip.add(file);
    file.push(bytes, true);
  };

  const manifest: VaultExportManifestEntry[] = [];
  for (const [index, document] of documents.entries()) {
    // One PDF in memory at a time.
    const pdf = await db
      .selectFrom('document_pdfs')
      .select('bytes')
      .where('document_id', '=', document.id)
      .executeTakeFirst();
    if (pdf && document.reference_code) {
      const file = `${document.reference_code}.pdf`;
      const issuedAt = document.issued_at ? new Date(document.issued_at) : now();
      addFile(file, pdf.bytes, issuedAt);
      manifest.push({
        reference_code: document.reference_code,
        template: { refname: document.template_refname, version: document.template_version },
        state: document.state === 'revoked' ? 'revoked' : 'issued',
        issued_at: document.issued_at ? issuedAt.toISOString() : null,
        file,
        sha256: crypto.createHash('sha256').update(pdf.bytes).digest('hex'),
      });
    }
    await store(false);
    await db
      .updateTable('vault_exports')
      .set({ done: index + 1, updated_at: now() })
      .where('id', '=', row.id)
      .execute();
  }
  const body = {
    exported_at: now().toISOString(),
    documents: manifest,
  };
  addFile('manifest.json', Buffer.from(`${JSON.stringify(body, null, 2)}\n`), now());
  zip.end();
  await store(true);
  await moveVaultExport(db, running, 'finish', {
    size,
    sha256: digest.digest('hex'),
    expires_at: new Date(now().getTime() + VAULT_EXPORT_TTL_MS),
  });
}

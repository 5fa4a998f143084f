import crypto from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../src/db/database';
import { migrate } from '../../src/db/migrate';
import * as asn1js from 'asn1js';
import {
  certificateSerial,
  createDevelopmentSealCredentials,
  loadSealCredentials,
  type SealConfig,
} from '../../src/pdf/seal-credentials';
import { createTestDatabase } from '../helpers';
import { createWorkspace } from './pdf-tools';

const NO_FILES: SealConfig = {
  SEAL_KEY_FILE: undefined,
  SEAL_KEY_PASSPHRASE: undefined,
  SEAL_CERT_FILE: undefined,
  SEAL_CHAIN_FILE: undefined,
};

describe('certificate serial numbers', () => {
  it('are positive and in DER’s shortest form whatever the random bytes', () => {
    // A first byte of 0x00 (then 0x00–0x7f) used to give an INTEGER with a needless leading
    // zero, which OpenSSL refuses: one new install in ~128 had an unreadable certificate.
    for (const first of [0x00, 0x01, 0x3f, 0x40, 0x7f, 0x80, 0xc0, 0xff]) {
      for (const second of [0x00, 0x7f, 0x80, 0xff]) {
        const random = Buffer.alloc(16, 0xa5);
        random[0] = first;
        random[1] = second;
        const der = Buffer.from(
          new asn1js.Integer({ valueHex: certificateSerial(random) }).toBER(),
        );
        // Tag, length 16, then a first content byte that is neither a sign nor a needless zero.
        expect([der[0], der[1]]).toEqual([0x02, 16]);
        expect(der[2]).toBeGreaterThanOrEqual(0x40);
        expect(der[2]).toBeLessThanOrEqual(0x7f);
        expect(der.subarray(3)).toEqual(random.subarray(1));
      }
    }
  });
});

describe('development seal credentials', () => {
  let database: Database & { drop(): Promise<void> };

  beforeAll(async () => {
    database = await createTestDatabase({ migrated: true });
    await migrate(database);
  });
  afterAll(() => database.drop());

  it('are made once, stored, and the same for every later load', async () => {
    // Two processes starting together: both must end up with the stored set.
    const [first, concurrent] = await Promise.all([
      loadSealCredentials(database, NO_FILES),
      loadSealCredentials(database, NO_FILES),
    ]);
    const again = await loadSealCredentials(database, NO_FILES);
    expect(concurrent.certificatePem).toBe(first.certificatePem);
    expect(again.certificatePem).toBe(first.certificatePem);
    expect(again.caCertificatePem).toBe(first.caCertificatePem);
    expect(again.privateKey.export({ type: 'pkcs8', format: 'der' })).toEqual(
      first.privateKey.export({ type: 'pkcs8', format: 'der' }),
    );
    expect(first.isDevelopment).toBe(true);

    const stored = await database.db
      .selectFrom('server_secrets')
      .select('name')
      .where('name', '=', 'pdf_seal_development')
      .execute();
    expect(stored).toHaveLength(1);
  });

  it('stored unreadable (an old install), are replaced once by a readable set', async () => {
    const before = await loadSealCredentials(database, NO_FILES);
    const { value } = await database.db
      .selectFrom('server_secrets')
      .select('value')
      .where('name', '=', 'pdf_seal_development')
      .executeTakeFirstOrThrow();
    // A certificate OpenSSL refuses, as the old serial numbers made one time in ~256.
    const broken = {
      ...(value as Record<string, string>),
      certificatePem: '-----BEGIN CERTIFICATE-----\nMAA=\n-----END CERTIFICATE-----\n',
    };
    await database.db
      .updateTable('server_secrets')
      .set({ value: JSON.stringify(broken) })
      .where('name', '=', 'pdf_seal_development')
      .execute();
    const [first, concurrent] = await Promise.all([
      loadSealCredentials(database, NO_FILES),
      loadSealCredentials(database, NO_FILES),
    ]);
    expect(() => new crypto.X509Certificate(first.certificatePem)).not.toThrow();
    expect(first.certificatePem).not.toBe(before.certificatePem);
    expect(concurrent.certificatePem).toBe(first.certificatePem);
    expect((await loadSealCredentials(database, NO_FILES)).certificatePem).toBe(
      first.certificatePem,
    );
  });

  it('are a seal certificate issued by a development CA', async () => {
    const credentials = await loadSealCredentials(database, NO_FILES);
    const ca = new crypto.X509Certificate(credentials.caCertificatePem ?? '');
    const seal = new crypto.X509Certificate(credentials.certificatePem);
    expect(ca.subject).toContain('CN=Dilosi Development CA');
    expect(ca.ca).toBe(true);
    expect(ca.checkIssued(ca)).toBe(true);
    expect(seal.subject.split('\n')).toEqual(['C=GR', 'O=Dilosi', 'CN=Dilosi Development Seal']);
    expect(seal.ca).toBe(false);
    expect(seal.checkIssued(ca)).toBe(true);
    expect(seal.verify(ca.publicKey)).toBe(true);
    expect(seal.checkPrivateKey(credentials.privateKey)).toBe(true);
    expect(seal.keyUsage).toEqual(
      expect.arrayContaining(['1.3.6.1.4.1.311.10.3.12', '1.3.6.1.5.5.7.3.4']),
    );
    expect(credentials.chainPems).toEqual([credentials.caCertificatePem]);
  });
});

describe('configured seal credentials', () => {
  const workspace = createWorkspace();
  afterAll(() => workspace.remove());

  it('are read from SEAL_KEY_FILE, SEAL_CERT_FILE and SEAL_CHAIN_FILE', async () => {
    const generated = await createDevelopmentSealCredentials();
    const passphrase = 'correct horse';
    const config: SealConfig = {
      SEAL_KEY_FILE: workspace.file(
        'key.pem',
        generated.privateKey.export({
          type: 'pkcs8',
          format: 'pem',
          cipher: 'aes-256-cbc',
          passphrase,
        }),
      ),
      SEAL_KEY_PASSPHRASE: passphrase,
      SEAL_CERT_FILE: workspace.file('cert.pem', generated.certificatePem),
      SEAL_CHAIN_FILE: workspace.file('chain.pem', generated.caCertificatePem ?? ''),
    };
    const database = undefined as unknown as Database;
    const credentials = await loadSealCredentials(database, config);
    expect(credentials.isDevelopment).toBe(false);
    expect(credentials.certificatePem).toBe(generated.certificatePem);
    expect(credentials.chainPems).toEqual([generated.caCertificatePem]);
    expect(credentials.caCertificatePem).toBe(generated.caCertificatePem);
  });

  it('refuse a key that does not belong to the certificate', async () => {
    const [one, other] = await Promise.all([
      createDevelopmentSealCredentials(),
      createDevelopmentSealCredentials(),
    ]);
    const config: SealConfig = {
      ...NO_FILES,
      SEAL_KEY_FILE: workspace.file(
        'other-key.pem',
        other.privateKey.export({ type: 'pkcs8', format: 'pem' }),
      ),
      SEAL_CERT_FILE: workspace.file('one-cert.pem', one.certificatePem),
    };
    await expect(loadSealCredentials(undefined as unknown as Database, config)).rejects.toThrow(
      /does not hold the private key/,
    );
  });

  it('refuse a key without its certificate', async () => {
    await expect(
      loadSealCredentials(undefined as unknown as Database, {
        ...NO_FILES,
        SEAL_KEY_FILE: '/nonexistent.pem',
      }),
    ).rejects.toThrow(/must be set together/);
  });
});

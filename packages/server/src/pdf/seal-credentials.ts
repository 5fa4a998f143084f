import crypto, { type KeyObject, type webcrypto } from 'node:crypto';
import { readFileSync } from 'node:fs';
import * as asn1js from 'asn1js';
import { sql } from 'kysely';
import * as pkijs from 'pkijs';
import { now } from '../clock';
import type { Config } from '../config';
import type { Database } from '../db/database';
import { loadOrCreateSecret } from '../lib/stored-secret';

/**
 * The key and certificates the service seals its PDFs with (DESIGN section 3, seal): read from
 * SEAL_KEY_FILE / SEAL_CERT_FILE / SEAL_CHAIN_FILE (PEM) in production, otherwise a development
 * CA and seal certificate generated at first start and kept in server_secrets, so every process
 * and every restart seals with the same ones.
 */
export type SealCredentials = {
  /** Decrypted once, here; every seal reuses it. */
  privateKey: KeyObject;
  /** The seal certificate (PEM). */
  certificatePem: string;
  /** The issuing certificates, nearest first (PEM); embedded in every seal. */
  chainPems: string[];
  /** The root validators should trust: the development CA, or a self-signed chain end. */
  caCertificatePem: string | null;
  isDevelopment: boolean;
};

export type SealConfig = Pick<
  Config,
  'SEAL_KEY_FILE' | 'SEAL_CERT_FILE' | 'SEAL_CHAIN_FILE' | 'SEAL_KEY_PASSPHRASE'
>;

export const DEVELOPMENT_SEAL_SECRET = 'pdf_seal_development';

type StoredDevelopmentCredentials = {
  caCertificatePem: string;
  certificatePem: string;
  privateKeyPem: string;
};

export async function loadSealCredentials(
  database: Database,
  config: SealConfig,
): Promise<SealCredentials> {
  if (config.SEAL_KEY_FILE || config.SEAL_CERT_FILE) return readSealCredentials(config);
  const existing = await database.db
    .selectFrom('server_secrets')
    .select('value')
    .where('name', '=', DEVELOPMENT_SEAL_SECRET)
    .executeTakeFirst();
  if (existing) {
    const stored = existing.value as StoredDevelopmentCredentials;
    if (certificatesReadable(stored)) return fromStored(stored);
    // Made before certificateSerial (2026-11-27): about one install in 128 stored a certificate
    // whose serial OpenSSL refuses. Replaced once by a fresh set; every process reads the winner.
    const replacement = await generateDevelopmentCredentials();
    await database.db
      .updateTable('server_secrets')
      .set({ value: JSON.stringify(replacement) })
      .where('name', '=', DEVELOPMENT_SEAL_SECRET)
      .where(sql<boolean>`value = ${JSON.stringify(stored)}::jsonb`)
      .execute();
    const winner = await database.db
      .selectFrom('server_secrets')
      .select('value')
      .where('name', '=', DEVELOPMENT_SEAL_SECRET)
      .executeTakeFirstOrThrow();
    return fromStored(winner.value as StoredDevelopmentCredentials);
  }
  // Generating is slow and asynchronous, the store's create is neither: generate first, then
  // use whichever set the first process stored (a concurrent first start discards its own).
  const generated = await generateDevelopmentCredentials();
  return fromStored(await loadOrCreateSecret(database, DEVELOPMENT_SEAL_SECRET, () => generated));
}

/** Whether OpenSSL reads both stored certificates (the validation of files parses them). */
function certificatesReadable(stored: StoredDevelopmentCredentials): boolean {
  try {
    new crypto.X509Certificate(stored.certificatePem);
    new crypto.X509Certificate(stored.caCertificatePem);
    return true;
  } catch {
    return false;
  }
}

function fromStored(stored: StoredDevelopmentCredentials): SealCredentials {
  return {
    privateKey: crypto.createPrivateKey(stored.privateKeyPem),
    certificatePem: stored.certificatePem,
    chainPems: [stored.caCertificatePem],
    caCertificatePem: stored.caCertificatePem,
    isDevelopment: true,
  };
}

/** A fresh development CA and seal certificate, not stored (tests, benchmarks). */
export async function createDevelopmentSealCredentials(
  keyAlgorithm?: SealKeyAlgorithm,
): Promise<SealCredentials> {
  return fromStored(await generateDevelopmentCredentials(keyAlgorithm));
}

function readSealCredentials(config: SealConfig): SealCredentials {
  if (!config.SEAL_KEY_FILE || !config.SEAL_CERT_FILE) {
    throw new Error('SEAL_KEY_FILE and SEAL_CERT_FILE must be set together');
  }
  const privateKey = crypto.createPrivateKey({
    key: readFileSync(config.SEAL_KEY_FILE, 'utf8'),
    ...(config.SEAL_KEY_PASSPHRASE ? { passphrase: config.SEAL_KEY_PASSPHRASE } : {}),
  });
  const [certificatePem, ...rest] = splitPemCertificates(
    readFileSync(config.SEAL_CERT_FILE, 'utf8'),
  );
  if (!certificatePem) throw new Error(`SEAL_CERT_FILE holds no PEM certificate`);
  const chainPems = [
    ...rest,
    ...(config.SEAL_CHAIN_FILE
      ? splitPemCertificates(readFileSync(config.SEAL_CHAIN_FILE, 'utf8'))
      : []),
  ];
  const certificate = new crypto.X509Certificate(certificatePem);
  if (!certificate.checkPrivateKey(privateKey)) {
    throw new Error(
      'SEAL_KEY_FILE does not hold the private key of the SEAL_CERT_FILE certificate',
    );
  }
  const last = chainPems.at(-1);
  const lastCertificate = last ? new crypto.X509Certificate(last) : null;
  return {
    privateKey,
    certificatePem,
    chainPems,
    caCertificatePem: last && lastCertificate?.checkIssued(lastCertificate) ? last : null,
    isDevelopment: false,
  };
}

export function splitPemCertificates(pem: string): string[] {
  const blocks = pem.match(/-----BEGIN CERTIFICATE-----[\s\S]+?-----END CERTIFICATE-----/g);
  return (blocks ?? []).map((block) => `${block}\n`);
}

export function pemToDer(pem: string): Buffer {
  return Buffer.from(pem.replace(/-----(BEGIN|END) [A-Z ]+-----|\s/g, ''), 'base64');
}

function derToPem(der: ArrayBuffer, label: string): string {
  const base64 = Buffer.from(der).toString('base64');
  return `-----BEGIN ${label}-----\n${base64.match(/.{1,64}/g)?.join('\n')}\n-----END ${label}-----\n`;
}

const OID = {
  commonName: '2.5.4.3',
  organization: '2.5.4.10',
  country: '2.5.4.6',
  subjectKeyIdentifier: '2.5.29.14',
  keyUsage: '2.5.29.15',
  basicConstraints: '2.5.29.19',
  extendedKeyUsage: '2.5.29.37',
  authorityKeyIdentifier: '2.5.29.35',
  emailProtection: '1.3.6.1.5.5.7.3.4',
  documentSigning: '1.3.6.1.4.1.311.10.3.12',
};

/** ECDSA P-256 signs in ~0.05 ms where RSA 2048 takes ~1.1 ms; pdfsig (NSS) verifies both. */
export type SealKeyAlgorithm = 'ecdsa-p256' | 'rsa-2048';

const KEY_ALGORITHMS: Record<
  SealKeyAlgorithm,
  webcrypto.RsaHashedKeyGenParams | webcrypto.EcKeyGenParams
> = {
  'ecdsa-p256': { name: 'ECDSA', namedCurve: 'P-256' },
  'rsa-2048': {
    name: 'RSASSA-PKCS1-v1_5',
    modulusLength: 2048,
    publicExponent: new Uint8Array([1, 0, 1]),
    hash: 'SHA-256',
  },
};

const engine = new pkijs.CryptoEngine({
  name: 'node',
  crypto: crypto.webcrypto as unknown as pkijs.CryptoEngineParameters['crypto'],
});

type Name = { commonName: string; organization?: string; country?: string };

function distinguishedName(name: Name): pkijs.RelativeDistinguishedNames {
  const entries: [string, asn1js.Utf8String | asn1js.PrintableString][] = [];
  if (name.country)
    entries.push([OID.country, new asn1js.PrintableString({ value: name.country })]);
  if (name.organization)
    entries.push([OID.organization, new asn1js.Utf8String({ value: name.organization })]);
  entries.push([OID.commonName, new asn1js.Utf8String({ value: name.commonName })]);
  // One attribute per RDN (C=GR, O=Dilosi, CN=…); pkijs on its own would put all in one set.
  const sequence = new asn1js.Sequence({
    value: entries.map(
      ([type, value]) =>
        new asn1js.Set({ value: [new pkijs.AttributeTypeAndValue({ type, value }).toSchema()] }),
    ),
  });
  return new pkijs.RelativeDistinguishedNames({
    schema: asn1js.fromBER(sequence.toBER()).result,
  });
}

/**
 * A certificate's serial number from 16 random bytes: positive and in DER's shortest form (the
 * first byte 0x40–0x7f), with 126 random bits. Clearing only the sign bit left a first byte of
 * 0x00 one time in 128, and then, half the time, an INTEGER with a needless leading zero, which
 * OpenSSL refuses ("illegal padding"): a new install's seal certificate could not be read.
 */
export function certificateSerial(random: Buffer): Buffer {
  const serial = Buffer.from(random);
  serial[0] = 0x40 | ((serial[0] ?? 0) & 0x3f);
  return serial;
}

/** keyUsage bits, numbered as in RFC 5280 (0 = digitalSignature), DER-encoded. */
function keyUsage(bits: number[]): ArrayBuffer {
  let value = 0;
  for (const bit of bits) value |= 0x80 >> bit;
  let unused = 0;
  while (unused < 7 && (value & (1 << unused)) === 0) unused += 1;
  return new asn1js.BitString({ valueHex: new Uint8Array([value]), unusedBits: unused }).toBER();
}

function time(at: Date): pkijs.Time {
  // RFC 5280: UTCTime until 2049, GeneralizedTime from 2050.
  return new pkijs.Time({ type: at.getUTCFullYear() < 2050 ? 0 : 1, value: at });
}

async function issueCertificate(options: {
  subject: Name;
  issuer: Name;
  publicKey: webcrypto.CryptoKey;
  signingKey: webcrypto.CryptoKey;
  authorityKeyId: ArrayBuffer | null;
  isCa: boolean;
  notBefore: Date;
  notAfter: Date;
}): Promise<{ pem: string; keyId: ArrayBuffer }> {
  const certificate = new pkijs.Certificate();
  certificate.version = 2;
  certificate.serialNumber = new asn1js.Integer({
    valueHex: certificateSerial(crypto.randomBytes(16)),
  });
  certificate.subject = distinguishedName(options.subject);
  certificate.issuer = distinguishedName(options.issuer);
  certificate.notBefore = time(options.notBefore);
  certificate.notAfter = time(options.notAfter);
  await certificate.subjectPublicKeyInfo.importKey(options.publicKey, engine);
  const keyId = await crypto.webcrypto.subtle.digest(
    'SHA-1',
    certificate.subjectPublicKeyInfo.subjectPublicKey.valueBlock.valueHexView,
  );
  const extensions = [
    new pkijs.Extension({
      extnID: OID.basicConstraints,
      critical: true,
      extnValue: new pkijs.BasicConstraints({ cA: options.isCa }).toSchema().toBER(),
    }),
    new pkijs.Extension({
      extnID: OID.keyUsage,
      critical: true,
      // CA: keyCertSign + cRLSign; seal: digitalSignature + nonRepudiation.
      extnValue: keyUsage(options.isCa ? [5, 6] : [0, 1]),
    }),
    new pkijs.Extension({
      extnID: OID.subjectKeyIdentifier,
      extnValue: new asn1js.OctetString({ valueHex: keyId }).toBER(),
    }),
  ];
  if (options.authorityKeyId) {
    extensions.push(
      new pkijs.Extension({
        extnID: OID.authorityKeyIdentifier,
        extnValue: new pkijs.AuthorityKeyIdentifier({
          keyIdentifier: new asn1js.OctetString({ valueHex: options.authorityKeyId }),
        })
          .toSchema()
          .toBER(),
      }),
    );
  }
  if (!options.isCa) {
    extensions.push(
      new pkijs.Extension({
        extnID: OID.extendedKeyUsage,
        // Document signing; e-mail protection too, the usage NSS (pdfsig) checks a signer for.
        extnValue: new pkijs.ExtKeyUsage({
          keyPurposes: [OID.documentSigning, OID.emailProtection],
        })
          .toSchema()
          .toBER(),
      }),
    );
  }
  certificate.extensions = extensions;
  await certificate.sign(options.signingKey, 'SHA-256', engine);
  return { pem: derToPem(certificate.toSchema().toBER(), 'CERTIFICATE'), keyId };
}

async function generateDevelopmentCredentials(
  keyAlgorithm: SealKeyAlgorithm = 'ecdsa-p256',
): Promise<StoredDevelopmentCredentials> {
  const subtle = crypto.webcrypto.subtle;
  const algorithm = KEY_ALGORITHMS[keyAlgorithm];
  const [caKeys, sealKeys] = (await Promise.all([
    subtle.generateKey(algorithm, true, ['sign', 'verify']),
    subtle.generateKey(algorithm, true, ['sign', 'verify']),
  ])) as [webcrypto.CryptoKeyPair, webcrypto.CryptoKeyPair];
  const start = now();
  const notBefore = new Date(start.getTime() - 24 * 3600 * 1000);
  const years = (count: number) =>
    new Date(Date.UTC(start.getUTCFullYear() + count, start.getUTCMonth(), start.getUTCDate()));
  const caName: Name = {
    commonName: 'Dilosi Development CA',
    organization: 'Dilosi',
    country: 'GR',
  };
  const ca = await issueCertificate({
    subject: caName,
    issuer: caName,
    publicKey: caKeys.publicKey,
    signingKey: caKeys.privateKey,
    authorityKeyId: null,
    isCa: true,
    notBefore,
    notAfter: years(20),
  });
  const seal = await issueCertificate({
    subject: { commonName: 'Dilosi Development Seal', organization: 'Dilosi', country: 'GR' },
    issuer: caName,
    publicKey: sealKeys.publicKey,
    signingKey: caKeys.privateKey,
    authorityKeyId: ca.keyId,
    isCa: false,
    notBefore,
    notAfter: years(10),
  });
  const privateKeyDer = await subtle.exportKey('pkcs8', sealKeys.privateKey);
  return {
    caCertificatePem: ca.pem,
    certificatePem: seal.pem,
    privateKeyPem: derToPem(privateKeyDer, 'PRIVATE KEY'),
  };
}

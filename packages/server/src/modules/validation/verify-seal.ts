import crypto from 'node:crypto';
import * as asn1js from 'asn1js';
import * as pkijs from 'pkijs';

const OID_SIGNED_DATA = '1.2.840.113549.1.7.2';
const OID_MESSAGE_DIGEST = '1.2.840.113549.1.9.4';
const OID_SHA256 = '2.16.840.1.101.3.4.2.1';

/** The certificates a seal must come from to be the service's: the seal certificate and its issuers. */
export type SealTrust = {
  /** DER of the service's current seal certificate. */
  sealCertificateDer: Buffer;
  /** Certificates allowed to have issued a seal certificate (the CA, the chain). */
  issuers: crypto.X509Certificate[];
};

export type SealCheck =
  /** No signature, or one that is not the service's. */
  | { kind: 'none' }
  /** The service's seal; `valid` only when the digest and the signature verify. */
  | { kind: 'ours'; valid: boolean; coversWholeFile: boolean };

type Signature = { byteRange: [number, number, number, number]; cms: Buffer };

/**
 * The /Contents of a seal of the service holds a few kilobytes (SEAL_CONTENTS_BYTES, more with a
 * long chain); a larger one is not ours, and megabytes of ASN.1 would hold the request thread.
 */
const MAX_SEAL_CMS_BYTES = 65_536;

/**
 * The last signature dictionary of a PDF: its /ByteRange and the CMS in /Contents. The
 * service's seal is the only and last signature of an issued PDF (an incremental update after
 * it would leave the byte range short of the end of the file).
 */
export function findLastSignature(pdf: Buffer): Signature | null {
  const text = pdf.toString('latin1');
  const at = text.lastIndexOf('/ByteRange');
  if (at < 0) return null;
  const match = /^\/ByteRange\s*\[\s*(\d+)\s+(\d+)\s+(\d+)\s+(\d+)\s*\]/.exec(
    text.slice(at, at + 200),
  );
  if (!match) return null;
  const byteRange = [match[1], match[2], match[3], match[4]].map(Number) as [
    number,
    number,
    number,
    number,
  ];
  const [start, firstLength, secondStart, secondLength] = byteRange;
  const gapStart = start + firstLength;
  if (
    start !== 0 ||
    secondStart <= gapStart ||
    secondStart + secondLength > pdf.length ||
    text.charAt(gapStart) !== '<' ||
    text.charAt(secondStart - 1) !== '>'
  ) {
    return null;
  }
  if (secondStart - gapStart > 2 * MAX_SEAL_CMS_BYTES + 2) return null;
  const hex = text.slice(gapStart + 1, secondStart - 1).replace(/\s/g, '');
  if (!/^[0-9a-fA-F]*$/.test(hex) || hex.length % 2 !== 0) return null;
  return { byteRange, cms: Buffer.from(hex, 'hex') };
}

function signedData(cms: Buffer): pkijs.SignedData | null {
  try {
    const parsed = asn1js.fromBER(new Uint8Array(cms));
    if (parsed.offset === -1) return null;
    const contentInfo = new pkijs.ContentInfo({ schema: parsed.result });
    if (contentInfo.contentType !== OID_SIGNED_DATA) return null;
    return new pkijs.SignedData({ schema: contentInfo.content });
  } catch {
    return null;
  }
}

function signerCertificate(data: pkijs.SignedData, signer: pkijs.SignerInfo): Buffer | null {
  const sid = signer.sid;
  if (!(sid instanceof pkijs.IssuerAndSerialNumber)) return null;
  for (const candidate of data.certificates ?? []) {
    if (!(candidate instanceof pkijs.Certificate)) continue;
    if (candidate.serialNumber.isEqual(sid.serialNumber) && candidate.issuer.isEqual(sid.issuer)) {
      return Buffer.from(candidate.toSchema().toBER());
    }
  }
  return null;
}

function isOurs(certificateDer: Buffer, trust: SealTrust): boolean {
  if (certificateDer.equals(trust.sealCertificateDer)) return true;
  try {
    const certificate = new crypto.X509Certificate(certificateDer);
    return trust.issuers.some(
      (issuer) => certificate.checkIssued(issuer) && certificate.verify(issuer.publicKey),
    );
  } catch {
    return false;
  }
}

/**
 * Checks the seal of a PDF (PAdES B-B, CAdES detached, as src/pdf/seal.ts makes it): the
 * signer certificate must be the service's (or issued by its CA), the messageDigest attribute
 * the SHA-256 of the byte range, and the signature over the signed attributes must verify.
 */
export function verifySeal(pdf: Buffer, trust: SealTrust): SealCheck {
  const signature = findLastSignature(pdf);
  if (!signature) return { kind: 'none' };
  const data = signedData(signature.cms);
  const signer = data?.signerInfos[0];
  if (!data || !signer) return { kind: 'none' };
  const certificateDer = signerCertificate(data, signer);
  if (!certificateDer || !isOurs(certificateDer, trust)) return { kind: 'none' };

  const [start, firstLength, secondStart, secondLength] = signature.byteRange;
  const coversWholeFile = secondStart + secondLength === pdf.length;
  const invalid = { kind: 'ours', valid: false, coversWholeFile } as const;
  if (signer.digestAlgorithm.algorithmId !== OID_SHA256 || !signer.signedAttrs) return invalid;
  const digest = crypto
    .createHash('sha256')
    .update(pdf.subarray(start, start + firstLength))
    .update(pdf.subarray(secondStart, secondStart + secondLength))
    .digest();
  const messageDigest = signer.signedAttrs.attributes.find(
    (attribute) => attribute.type === OID_MESSAGE_DIGEST,
  )?.values[0];
  if (
    !(messageDigest instanceof asn1js.OctetString) ||
    !Buffer.from(messageDigest.valueBlock.valueHexView).equals(digest)
  ) {
    return invalid;
  }
  try {
    const publicKey = new crypto.X509Certificate(certificateDer).publicKey;
    // encodedValue is the DER of the signed attributes, already re-tagged as a SET (0x31).
    const isValid = crypto.verify(
      'sha256',
      Buffer.from(signer.signedAttrs.encodedValue),
      publicKey,
      Buffer.from(signer.signature.valueBlock.valueHexView),
    );
    return { kind: 'ours', valid: isValid, coversWholeFile };
  } catch {
    return invalid;
  }
}

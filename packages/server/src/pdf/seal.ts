import crypto, { type KeyObject } from 'node:crypto';
import { SignPdf } from '@signpdf/signpdf';
import { Signer } from '@signpdf/utils';
import * as asn1js from 'asn1js';
import * as pkijs from 'pkijs';
import { DER_TAG, derSetOf, derTlv } from './der';
import { SEAL_CONTENTS_BYTES } from './seal-placeholder';
import { pemToDer, type SealCredentials } from './seal-credentials';

const OID = {
  data: '1.2.840.113549.1.7.1',
  signedData: '1.2.840.113549.1.7.2',
  contentType: '1.2.840.113549.1.9.3',
  messageDigest: '1.2.840.113549.1.9.4',
  signingCertificateV2: '1.2.840.113549.1.9.16.2.47',
  sha256: '2.16.840.1.101.3.4.2.1',
  sha256WithRsa: '1.2.840.113549.1.1.11',
  ecdsaWithSha256: '1.2.840.10045.4.3.2',
};

export type Sealer = {
  /** Fills the seal placeholder of a PDF from renderDocumentPdf({ sealPlaceholder: true }). */
  seal(pdf: Buffer): Promise<Buffer>;
  /** What a seal needs at most in the PDF: pass as sealContentsBytes when above the default. */
  contentsBytes: number;
};

/**
 * The service's seal (DESIGN section 3): a PAdES B-B signature, i.e. a CAdES-detached CMS
 * SignedData over the PDF's byte range with the signed attributes contentType,
 * messageDigest and signing-certificate-v2, and no signingTime (the time is /M of the signature
 * dictionary). Everything but the digest and one native signature is prepared here, once.
 */
export function createSealer(credentials: SealCredentials): Sealer {
  const signer = new CadesSigner(credentials);
  const signPdf = new SignPdf();
  return {
    seal: (pdf) => signPdf.sign(pdf, signer),
    contentsBytes: Math.max(SEAL_CONTENTS_BYTES, signer.maxCmsBytes()),
  };
}

function toBuffer(encoded: ArrayBuffer): Buffer {
  return Buffer.from(encoded);
}

/**
 * Builds the CMS. pkijs encodes every constant part once at start (certificates, signer
 * identifier, algorithms, the contentType and signing-certificate-v2 attributes); each seal only
 * hashes, signs natively and joins the parts.
 */
class CadesSigner extends Signer {
  private readonly privateKey: KeyObject;
  private readonly certificates: Buffer[];
  private readonly signerIdentifier: Buffer;
  private readonly digestAlgorithm: Buffer;
  private readonly signatureAlgorithm: Buffer;
  private readonly contentTypeAttribute: Buffer;
  private readonly signingCertificateAttribute: Buffer;

  constructor(credentials: SealCredentials) {
    super();
    this.privateKey = credentials.privateKey;
    const certificateDer = pemToDer(credentials.certificatePem);
    const certificate = pkijs.Certificate.fromBER(certificateDer);
    this.certificates = [certificateDer, ...credentials.chainPems.map(pemToDer)];
    this.signerIdentifier = toBuffer(
      new pkijs.IssuerAndSerialNumber({
        issuer: certificate.issuer,
        serialNumber: certificate.serialNumber,
      })
        .toSchema()
        .toBER(),
    );
    this.digestAlgorithm = toBuffer(
      new pkijs.AlgorithmIdentifier({ algorithmId: OID.sha256 }).toSchema().toBER(),
    );
    this.signatureAlgorithm = toBuffer(signatureAlgorithm(this.privateKey).toSchema().toBER());
    this.contentTypeAttribute = toBuffer(
      new pkijs.Attribute({
        type: OID.contentType,
        values: [new asn1js.ObjectIdentifier({ value: OID.data })],
      })
        .toSchema()
        .toBER(),
    );
    const certificateHash = crypto.createHash('sha256').update(certificateDer).digest();
    // SigningCertificateV2 { certs: [ESSCertIDv2 { certHash }] }: SHA-256 is the default hash
    // algorithm, so it is left out; no issuerSerial (EN 319 122-1 advises against it).
    this.signingCertificateAttribute = toBuffer(
      new pkijs.Attribute({
        type: OID.signingCertificateV2,
        values: [
          new asn1js.Sequence({
            value: [
              new asn1js.Sequence({
                value: [
                  new asn1js.Sequence({
                    value: [new asn1js.OctetString({ valueHex: certificateHash })],
                  }),
                ],
              }),
            ],
          }),
        ],
      })
        .toSchema()
        .toBER(),
    );
  }

  /** An upper bound of the CMS size: certificates, signature and a margin for the rest. */
  maxCmsBytes(): number {
    const certificates = this.certificates.reduce((total, der) => total + der.length, 0);
    const bits = this.privateKey.asymmetricKeyDetails?.modulusLength;
    return certificates + (bits ? Math.ceil(bits / 8) : 160) + 1024;
  }

  override async sign(content: Buffer): Promise<Buffer> {
    return this.signDetached(content);
  }

  signDetached(content: Buffer): Buffer {
    const digest = crypto.createHash('sha256').update(content).digest();
    const messageDigestAttribute = derTlv(
      DER_TAG.sequence,
      derTlv(DER_TAG.objectIdentifier, MESSAGE_DIGEST_OID_BYTES),
      derTlv(DER_TAG.set, derTlv(DER_TAG.octetString, digest)),
    );
    const attributes = [
      this.contentTypeAttribute,
      messageDigestAttribute,
      this.signingCertificateAttribute,
    ];
    // Signed as a SET OF (tag 0x31); stored in the SignerInfo as [0] IMPLICIT.
    const signedAttributes = derSetOf(attributes);
    const signature = crypto.sign('sha256', signedAttributes, this.privateKey);
    const signerInfo = derTlv(
      DER_TAG.sequence,
      VERSION_1,
      this.signerIdentifier,
      this.digestAlgorithm,
      derSetOf(attributes, DER_TAG.contextConstructed0),
      this.signatureAlgorithm,
      derTlv(DER_TAG.octetString, signature),
    );
    const signedData = derTlv(
      DER_TAG.sequence,
      VERSION_1,
      derTlv(DER_TAG.set, this.digestAlgorithm),
      // Detached: the encapsulated content is only its type, id-data.
      derTlv(DER_TAG.sequence, DATA_OID),
      derTlv(DER_TAG.contextConstructed0, ...this.certificates),
      derTlv(DER_TAG.set, signerInfo),
    );
    return derTlv(
      DER_TAG.sequence,
      SIGNED_DATA_OID,
      derTlv(DER_TAG.contextConstructed0, signedData),
    );
  }
}

const VERSION_1 = derTlv(DER_TAG.integer, Buffer.from([1]));
const DATA_OID = toBuffer(new asn1js.ObjectIdentifier({ value: OID.data }).toBER());
const SIGNED_DATA_OID = toBuffer(new asn1js.ObjectIdentifier({ value: OID.signedData }).toBER());
const MESSAGE_DIGEST_OID_BYTES = toBuffer(
  new asn1js.ObjectIdentifier({ value: OID.messageDigest }).valueBlock.toBER(),
);

function signatureAlgorithm(privateKey: KeyObject): pkijs.AlgorithmIdentifier {
  const keyType = privateKey.asymmetricKeyType;
  if (keyType === 'rsa') {
    return new pkijs.AlgorithmIdentifier({
      algorithmId: OID.sha256WithRsa,
      algorithmParams: new asn1js.Null(),
    });
  }
  if (keyType === 'ec') return new pkijs.AlgorithmIdentifier({ algorithmId: OID.ecdsaWithSha256 });
  throw new Error(`the seal key must be RSA or ECDSA, not ${keyType ?? 'unknown'}`);
}

/**
 * Just enough DER to assemble a CMS from parts encoded once: re-encoding parsed certificates
 * with asn1js costs about a millisecond a seal, more than the signature itself.
 */
export const DER_TAG = {
  integer: 0x02,
  octetString: 0x04,
  objectIdentifier: 0x06,
  sequence: 0x30,
  set: 0x31,
  contextConstructed0: 0xa0,
} as const;

function encodeLength(length: number): Buffer {
  if (length < 0x80) return Buffer.from([length]);
  const bytes: number[] = [];
  for (let rest = length; rest > 0; rest = Math.floor(rest / 256)) bytes.unshift(rest % 256);
  return Buffer.from([0x80 | bytes.length, ...bytes]);
}

export function derTlv(tag: number, ...contents: Uint8Array[]): Buffer {
  const length = contents.reduce((total, part) => total + part.length, 0);
  return Buffer.concat([Buffer.from([tag]), encodeLength(length), ...contents]);
}

/** A SET OF: DER orders its members by their encodings. */
export function derSetOf(members: Buffer[], tag: number = DER_TAG.set): Buffer {
  return derTlv(tag, ...[...members].sort(Buffer.compare));
}

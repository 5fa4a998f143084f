// Stream filters of PDF 32000-1 (7.4) as async generators over chunks, so that what a stream
// decodes to can be counted (and given up on) without ever being held whole. Data that stops
// making sense ends the stream, as it does in a reader.

const CHUNK = 65_536;

/** LZWDecode with EarlyChange 1 (7.4.4). */
export async function* decodeLzw(source) {
  const prefix = new Int32Array(4096);
  const suffix = new Uint8Array(4096);
  const first = new Uint8Array(4096);
  const lengths = new Int32Array(4096);
  for (let code = 0; code < 256; code++) {
    prefix[code] = -1;
    suffix[code] = code;
    first[code] = code;
    lengths[code] = 1;
  }
  let next = 258;
  let width = 9;
  let previous = -1;
  let bits = 0;
  let bitCount = 0;
  let out = Buffer.allocUnsafe(CHUNK);
  let at = 0;
  const write = (code) => {
    const length = lengths[code];
    for (let i = at + length - 1, c = code; i >= at; i--, c = prefix[c]) out[i] = suffix[c];
    at += length;
  };
  for await (const chunk of source) {
    for (const byte of chunk) {
      bits = ((bits << 8) | byte) & 0xffffff;
      bitCount += 8;
      while (bitCount >= width) {
        const code = (bits >>> (bitCount - width)) & ((1 << width) - 1);
        bitCount -= width;
        if (code === 256) {
          next = 258;
          width = 9;
          previous = -1;
          continue;
        }
        if (code === 257 || code > next || (previous === -1 && code > 255)) {
          if (at > 0) yield out.subarray(0, at);
          return;
        }
        if (previous !== -1 && next < 4096) {
          prefix[next] = previous;
          first[next] = first[previous];
          suffix[next] = code === next ? first[previous] : first[code];
          lengths[next] = lengths[previous] + 1;
          next += 1;
          if (next + 1 >= 1 << width && width < 12) width += 1;
        }
        if (at + lengths[code] > CHUNK) {
          yield out.subarray(0, at);
          out = Buffer.allocUnsafe(CHUNK);
          at = 0;
        }
        write(code);
        previous = code;
      }
    }
  }
  if (at > 0) yield out.subarray(0, at);
}

/** RunLengthDecode (7.4.5). */
export async function* decodeRunLength(source) {
  let out = Buffer.allocUnsafe(CHUNK + 128);
  let at = 0;
  let literal = 0; // bytes still to copy
  let repeat = 0; // -1 when the next byte is repeated `repeatCount` times
  let repeatCount = 0;
  for await (const chunk of source) {
    for (const byte of chunk) {
      if (literal > 0) {
        out[at++] = byte;
        literal -= 1;
      } else if (repeat === -1) {
        out.fill(byte, at, at + repeatCount);
        at += repeatCount;
        repeat = 0;
      } else if (byte < 128) {
        literal = byte + 1;
      } else if (byte > 128) {
        repeat = -1;
        repeatCount = 257 - byte;
      } else {
        if (at > 0) yield out.subarray(0, at);
        return;
      }
      if (at >= CHUNK) {
        yield out.subarray(0, at);
        out = Buffer.allocUnsafe(CHUNK + 128);
        at = 0;
      }
    }
  }
  if (at > 0) yield out.subarray(0, at);
}

const isWhiteSpace = (byte) =>
  byte === 0 || byte === 9 || byte === 10 || byte === 12 || byte === 13 || byte === 32;

/** ASCIIHexDecode (7.4.2). */
export async function* decodeAsciiHex(source) {
  let pending = -1;
  for await (const chunk of source) {
    const out = Buffer.allocUnsafe(Math.ceil(chunk.length / 2) + 1);
    let at = 0;
    for (const byte of chunk) {
      if (isWhiteSpace(byte)) continue;
      if (byte === 0x3e) {
        if (pending >= 0) out[at++] = pending << 4;
        if (at > 0) yield out.subarray(0, at);
        return;
      }
      const digit = Number.parseInt(String.fromCharCode(byte), 16);
      if (Number.isNaN(digit)) {
        if (at > 0) yield out.subarray(0, at);
        return;
      }
      if (pending < 0) pending = digit;
      else {
        out[at++] = (pending << 4) | digit;
        pending = -1;
      }
    }
    if (at > 0) yield out.subarray(0, at);
  }
}

/** ASCII85Decode (7.4.3). */
export async function* decodeAscii85(source) {
  const group = [];
  const flush = (out, at, count) => {
    while (group.length < 5) group.push(84);
    let value = 0;
    for (const digit of group) value = value * 85 + digit;
    for (let i = 0; i < count; i++) out[at + i] = (value >>> (24 - 8 * i)) & 255;
    group.length = 0;
    return at + count;
  };
  for await (const chunk of source) {
    const out = Buffer.allocUnsafe(chunk.length * 4 + 4);
    let at = 0;
    for (const byte of chunk) {
      if (isWhiteSpace(byte)) continue;
      if (byte === 0x7e) {
        if (group.length > 1) at = flush(out, at, group.length - 1);
        if (at > 0) yield out.subarray(0, at);
        return;
      }
      if (byte === 0x7a && group.length === 0) {
        out.fill(0, at, at + 4);
        at += 4;
        continue;
      }
      if (byte < 0x21 || byte > 0x75) {
        if (at > 0) yield out.subarray(0, at);
        return;
      }
      group.push(byte - 0x21);
      if (group.length === 5) at = flush(out, at, 4);
    }
    if (at > 0) yield out.subarray(0, at);
  }
}

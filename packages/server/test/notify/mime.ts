/** Just enough MIME reading to check what nodemailer put on the wire (tests only). */
export type ParsedMail = {
  headers: Map<string, string>;
  text: string | null;
  html: string | null;
};

function decodeWords(value: string): string {
  return value
    .replace(/(\?=)\s+(=\?)/g, '$1$2')
    .replace(/=\?utf-8\?([bq])\?([^?]*)\?=/gi, (_, encoding: string, data: string) =>
      encoding.toLowerCase() === 'b'
        ? Buffer.from(data, 'base64').toString('utf8')
        : decodeQuotedPrintable(data.replace(/_/g, ' ')),
    );
}

function decodeQuotedPrintable(value: string): string {
  const bytes: number[] = [];
  const text = value.replace(/=\r?\n/g, '');
  for (let i = 0; i < text.length; i += 1) {
    if (text[i] === '=' && /^[0-9A-F]{2}$/i.test(text.slice(i + 1, i + 3))) {
      bytes.push(parseInt(text.slice(i + 1, i + 3), 16));
      i += 2;
    } else {
      bytes.push(...Buffer.from(text[i] ?? '', 'utf8'));
    }
  }
  return Buffer.from(bytes).toString('utf8');
}

function splitEntity(raw: string): { headers: Map<string, string>; body: string } {
  const end = raw.indexOf('\r\n\r\n');
  const head = raw.slice(0, end).replace(/\r\n[ \t]+/g, ' ');
  const headers = new Map<string, string>();
  for (const line of head.split('\r\n')) {
    const colon = line.indexOf(':');
    headers.set(
      line.slice(0, colon).trim().toLowerCase(),
      decodeWords(line.slice(colon + 1).trim()),
    );
  }
  return { headers, body: raw.slice(end + 4) };
}

function decodeBody(headers: Map<string, string>, body: string): string {
  const encoding = (headers.get('content-transfer-encoding') ?? '7bit').toLowerCase();
  if (encoding === 'base64')
    return Buffer.from(body.replace(/\s+/g, ''), 'base64').toString('utf8');
  if (encoding === 'quoted-printable') return decodeQuotedPrintable(body);
  return body;
}

export function parseMail(raw: string): ParsedMail {
  const { headers, body } = splitEntity(raw);
  const type = headers.get('content-type') ?? 'text/plain';
  const parts: { type: string; content: string }[] = [];
  const boundary = /boundary="?([^";]+)"?/.exec(type)?.[1];
  if (boundary) {
    for (const chunk of body.split(`--${boundary}`).slice(1)) {
      if (chunk.startsWith('--')) break;
      const part = splitEntity(chunk.replace(/^\r\n/, ''));
      parts.push({
        type: part.headers.get('content-type') ?? 'text/plain',
        content: decodeBody(part.headers, part.body.replace(/\r\n$/, '')),
      });
    }
  } else {
    parts.push({ type, content: decodeBody(headers, body) });
  }
  const find = (mime: string) => parts.find((p) => p.type.startsWith(mime))?.content ?? null;
  return { headers, text: find('text/plain'), html: find('text/html') };
}

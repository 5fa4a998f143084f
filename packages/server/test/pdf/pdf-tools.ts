import { execFileSync, spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { DocumentPreview } from '@dilosi/domain';
import jsQR from 'jsqr';
import { PNG } from 'pngjs';

/** The real command-line tools (poppler-utils, qpdf, NSS certutil) a reader of our PDFs uses. */

export type Workspace = { dir: string; file(name: string, content?: Buffer | string): string };

export function createWorkspace(): Workspace & { remove(): void } {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'dilosi-pdf-'));
  return {
    dir,
    file(name, content) {
      const file = path.join(dir, name);
      if (content !== undefined) writeFileSync(file, content);
      return file;
    },
    remove: () => rmSync(dir, { recursive: true, force: true }),
  };
}

/** Runs a tool and returns what it printed on stdout and stderr together. */
export function run(command: string, args: string[]): { output: string; status: number | null } {
  const result = spawnSync(command, args, { encoding: 'utf8' });
  if (result.error) throw result.error;
  return { output: `${result.stdout}${result.stderr}`, status: result.status };
}

export function pdfText(file: string, page?: number): string {
  const pages = page === undefined ? [] : ['-f', String(page), '-l', String(page)];
  return execFileSync('pdftotext', [...pages, '-layout', file, '-'], { encoding: 'utf8' });
}

export function pdfPageCount(file: string): number {
  const info = execFileSync('pdfinfo', [file], { encoding: 'utf8' });
  return Number(/^Pages:\s+(\d+)/m.exec(info)?.[1]);
}

/** Renders one page at 150 dpi and decodes the QR code on it, or null when there is none. */
export function decodeQrCode(workspace: Workspace, file: string, page: number): string | null {
  const prefix = workspace.file(`page-${page}`);
  execFileSync('pdftoppm', [
    '-png',
    '-r',
    '150',
    '-f',
    String(page),
    '-l',
    String(page),
    '-singlefile',
    file,
    prefix,
  ]);
  const png = PNG.sync.read(readFileSync(`${prefix}.png`));
  return jsQR(new Uint8ClampedArray(png.data), png.width, png.height)?.data ?? null;
}

/** An NSS database that trusts one CA, for pdfsig -nssdir. */
export function createNssDatabase(workspace: Workspace, caPem: string): string {
  const dir = workspace.file('nss');
  execFileSync('mkdir', ['-p', dir]);
  execFileSync('certutil', ['-N', '--empty-password', '-d', dir]);
  const ca = workspace.file('ca.pem', caPem);
  execFileSync('certutil', ['-A', '-n', 'dilosi-ca', '-t', 'CT,C,C', '-i', ca, '-d', dir]);
  return dir;
}

/** pdfsig answers 0 even when a digest does not match: callers read the text. */
export function pdfSignatures(file: string, nssDir: string): string {
  return run('pdfsig', ['-nssdir', nssDir, file]).output;
}

export const text = (el: string) => ({ el, en: el, fr: el });

export function declarationPreview(overrides: Partial<DocumentPreview> = {}): DocumentPreview {
  return {
    heading: text('ΥΠΕΥΘΥΝΗ ΔΗΛΩΣΗ'),
    subheading: text('(άρθρο 8 Ν.1599/1986)'),
    rows: [
      { label: text('Όνομα'), value: text('ΓΕΩΡΓΙΟΣ') },
      { label: text('Επώνυμο'), value: text('ΠΑΠΑΔΟΠΟΥΛΟΣ') },
      { label: text('Όνομα και Επώνυμο Πατέρα'), value: text('ΙΩΑΝΝΗΣ ΠΑΠΑΔΟΠΟΥΛΟΣ') },
      { label: text('Αριθμός Φορολογικού Μητρώου (Α.Φ.Μ.)'), value: text('123456789') },
      { label: text('Τόπος Κατοικίας'), value: text('Αθήνα, Πανεπιστημίου 10, 10671') },
    ],
    body: [
      text(
        'Με ατομική μου ευθύνη και γνωρίζοντας τις κυρώσεις που προβλέπονται από τις διατάξεις ' +
          'της παρ. 6 του άρθρου 22 του Ν. 1599/1986, δηλώνω ότι τα στοιχεία που δηλώνω είναι ' +
          'αληθή και ότι διαμένω μόνιμα στην παραπάνω διεύθυνση.',
      ),
    ],
    recipient: { type: 'custom', name: 'Δήμος Αθηναίων' },
    ...overrides,
  };
}

// Issued PDF on one core (DESIGN.md section 7: PDF/A generation with a reused parsed font
// ~6.8 ms, native-crypto seal ~0.5 ms a document). Renders and seals DOCUMENTS declarations one
// after the other and prints JSON: rate and median/p99 for render and for seal separately.
// Run: node --import tsx bench/pdf.ts   (DOCUMENTS=300 SEAL_KEY=ecdsa-p256|rsa-2048)
import os from 'node:os';
import type { DocumentPreview } from '@dilosi/domain';
import { renderDocumentPdf } from '../packages/server/src/pdf/document-pdf';
import { createSealer } from '../packages/server/src/pdf/seal';
import {
  createDevelopmentSealCredentials,
  type SealKeyAlgorithm,
} from '../packages/server/src/pdf/seal-credentials';

const documents = Number(process.env.DOCUMENTS ?? 300);
const warmup = 30;
const keyAlgorithm = (process.env.SEAL_KEY ?? 'ecdsa-p256') as SealKeyAlgorithm;
const text = (el: string) => ({ el, en: el, fr: el });

function preview(index: number): DocumentPreview {
  return {
    heading: text('ΥΠΕΥΘΥΝΗ ΔΗΛΩΣΗ'),
    subheading: text('(άρθρο 8 Ν.1599/1986)'),
    rows: [
      { label: text('Όνομα'), value: text('ΓΕΩΡΓΙΟΣ') },
      { label: text('Επώνυμο'), value: text(`ΠΑΠΑΔΟΠΟΥΛΟΣ ${index}`) },
      { label: text('Όνομα και Επώνυμο Πατέρα'), value: text('ΙΩΑΝΝΗΣ ΠΑΠΑΔΟΠΟΥΛΟΣ') },
      { label: text('Αριθμός Φορολογικού Μητρώου (Α.Φ.Μ.)'), value: text('123456789') },
      { label: text('Τόπος Κατοικίας'), value: text('Αθήνα, Πανεπιστημίου 10, 10671') },
    ],
    body: [
      text(
        'Με ατομική μου ευθύνη και γνωρίζοντας τις κυρώσεις που προβλέπονται από τις διατάξεις ' +
          'της παρ. 6 του άρθρου 22 του Ν. 1599/1986, δηλώνω ότι τα στοιχεία που αναγράφω είναι ' +
          'αληθή και ότι διαμένω μόνιμα στην παραπάνω διεύθυνση.',
      ),
    ],
    recipient: { type: 'custom', name: 'Δήμος Αθηναίων' },
  };
}

function summary(samples: number[]) {
  const sorted = [...samples].sort((a, b) => a - b);
  const at = (q: number) => sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] ?? 0;
  const total = samples.reduce((sum, value) => sum + value, 0);
  return {
    per_second: +((1000 * samples.length) / total).toFixed(1),
    median_ms: +at(0.5).toFixed(3),
    p99_ms: +at(0.99).toFixed(3),
  };
}

const sealer = createSealer(await createDevelopmentSealCredentials(keyAlgorithm));
const render: number[] = [];
const seal: number[] = [];
let bytes = 0;
let cpuStart = process.cpuUsage();
for (let index = 0; index < warmup + documents; index += 1) {
  const code = `BENCH-${String(index).padStart(6, '0')}`;
  const renderStart = performance.now();
  const pdf = await renderDocumentPdf({
    preview: preview(index),
    referenceCode: code,
    issuedAt: new Date(),
    validationUrl: `https://dilosi.example.gr/validate/${code}`,
    title: 'Υπεύθυνη Δήλωση',
    sealPlaceholder: true,
  });
  const sealStart = performance.now();
  const sealed = await sealer.seal(pdf);
  const end = performance.now();
  if (index < warmup) {
    cpuStart = process.cpuUsage();
    continue;
  }
  render.push(sealStart - renderStart);
  seal.push(end - sealStart);
  bytes += sealed.length;
}
// CPU time (all threads of the process) per document: steadier than wall time on a busy machine.
const cpu = process.cpuUsage(cpuStart);
const cpuMsPerDocument = +((cpu.user + cpu.system) / 1000 / documents).toFixed(3);

// A long declaration (2,500-character statement, 60-row table) for the page-breaking path.
const longRender: number[] = [];
const longPreview: DocumentPreview = {
  ...preview(0),
  body: [text('Δηλώνω υπεύθυνα ότι τα στοιχεία που αναγράφω είναι ακριβή. '.repeat(43))],
  table: {
    columns: [text('Α/Α'), text('Ονοματεπώνυμο'), text('Ημερομηνία γέννησης')],
    rows: Array.from({ length: 60 }, (_, row) => [
      String(row + 1),
      `ΤΕΚΝΟ ${row + 1}`,
      '01/01/2010',
    ]),
  },
};
for (let index = 0; index < 40; index += 1) {
  const start = performance.now();
  await renderDocumentPdf({
    preview: longPreview,
    referenceCode: 'BENCH-LONG',
    issuedAt: new Date(),
    validationUrl: 'https://dilosi.example.gr/validate/BENCH-LONG',
    title: 'Υπεύθυνη Δήλωση',
    sealPlaceholder: true,
  });
  if (index >= 10) longRender.push(performance.now() - start);
}
const both = render.map((value, index) => value + (seal[index] ?? 0));
console.log(
  JSON.stringify(
    {
      bench: 'pdf',
      documents,
      seal_key: keyAlgorithm,
      mean_pdf_bytes: Math.round(bytes / documents),
      render: summary(render),
      seal: summary(seal),
      render_and_seal: summary(both),
      render_and_seal_cpu_ms_per_document: cpuMsPerDocument,
      load_average: os.loadavg().map((value) => +value.toFixed(2)),
      long_document_render: summary(longRender),
      budget_ms: { render: 6.8, seal: 0.5 },
    },
    null,
    2,
  ),
);

// Summarises a V8 CPU profile (node --cpu-prof) by layer: self time of each function, grouped by
// where its code lives. For the validation look-up (docs/performance.md): which layer of the
// product costs what per request beside a bare Fastify + pg server.
// Run: node bench/cpu-profile-summary.mjs <file.cpuprofile> [requests]
import fs from 'node:fs';

const [file, requestsArg] = process.argv.slice(2);
if (!file) throw new Error('usage: cpu-profile-summary.mjs <file.cpuprofile> [requests]');
const profile = JSON.parse(fs.readFileSync(file, 'utf8'));
const requests = Number(requestsArg ?? 0);

/** The first pattern that matches a function's URL (or name) names its layer. */
const LAYERS = [
  ['rate limiter (@fastify/rate-limit, ioredis)', /@fastify\/rate-limit|ioredis|redis/],
  ['metrics (prom-client, onResponse hook)', /prom-client|plugins\/metrics/],
  ['logging (pino)', /pino|sonic-boom|thread-stream/],
  ['security headers (plugins/security)', /@fastify\/helmet|helmet|plugins\/security/],
  ['compression (@fastify/compress)', /@fastify\/compress|plugins\/compression/],
  ['input hygiene (plugins/input-hygiene)', /plugins\/input-hygiene/],
  ['errors (plugins/errors)', /plugins\/errors|app-error/],
  [
    'schemas: zod validation and serialization',
    /zod|fastify-type-provider-zod|fast-json-stringify|serialize-validation-response/,
  ],
  [
    'look-up handler (modules/validation, domain)',
    /modules\/validation|packages\/domain|document-token|template-catalog/,
  ],
  ['authentication hook', /modules\/auth/],
  ['database driver (pg)', /node_modules\/pg|pg-protocol|pg-pool|kysely/],
  [
    'fastify core (routing, hooks, reply)',
    /node_modules\/fastify\/|find-my-way|avvio|light-my-request|fast-querystring|secure-json-parse|@fastify\/(error|ajv|fast-json)/,
  ],
  ['node: http, net, streams', /^node:|internal\//],
];

const byId = new Map(profile.nodes.map((node) => [node.id, node]));
const selfMicros = new Map();
for (let i = 0; i < profile.samples.length; i += 1) {
  const id = profile.samples[i];
  selfMicros.set(id, (selfMicros.get(id) ?? 0) + (profile.timeDeltas[i] ?? 0));
}
const totals = new Map();
let busy = 0;
for (const [id, micros] of selfMicros) {
  const { callFrame } = byId.get(id);
  const url = callFrame.url || '';
  const name = callFrame.functionName || '';
  let layer;
  if (name === '(idle)') continue;
  if (name === '(garbage collector)') layer = 'garbage collector';
  else if (name === '(program)') layer = 'V8 / native (program)';
  else
    layer =
      LAYERS.find(([, pattern]) => pattern.test(url))?.[0] ??
      (url ? `other: ${url.replace(/^.*node_modules\//, '').split('/')[0]}` : `native: ${name}`);
  totals.set(layer, (totals.get(layer) ?? 0) + micros);
  busy += micros;
}
const rows = [...totals].sort((a, b) => b[1] - a[1]);
console.log(
  `busy ${(busy / 1e6).toFixed(2)} s${requests ? `, ${requests} requests, ${(busy / requests).toFixed(1)} µs/request` : ''}`,
);
for (const [layer, micros] of rows.slice(0, 25)) {
  const share = ((100 * micros) / busy).toFixed(1).padStart(5);
  const per = requests ? `${(micros / requests).toFixed(1).padStart(7)} µs/req` : '';
  console.log(`${share} %  ${per}  ${layer}`);
}

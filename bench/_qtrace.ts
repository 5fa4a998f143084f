import { PGlite } from '@electric-sql/pglite';
const stats = new Map<string, { n: number; ms: number }>();
let on = false;
setTimeout(() => (on = true), Number(process.env.TRACE_AFTER_MS ?? 0));
for (const name of ['query', 'exec'] as const) {
  const orig = (PGlite.prototype as any)[name];
  (PGlite.prototype as any)[name] = async function (sql: string, ...rest: unknown[]) {
    const t0 = performance.now();
    try { return await orig.call(this, sql, ...rest); } finally {
      const key = sql.replace(/\s+/g, ' ').slice(0, 140);
      const s = stats.get(key) ?? { n: 0, ms: 0 };
      s.n += 1; s.ms += performance.now() - t0; stats.set(key, s);
    }
  };
}
process.on('exit', () => {
  const rows = [...stats].sort((a, b) => b[1].ms - a[1].ms);
  let n = 0, ms = 0; for (const [, s] of rows) { n += s.n; ms += s.ms; }
  console.error('TOTAL', n, ms.toFixed(0));
  for (const [k, s] of rows.slice(0, 60)) console.error(String(s.n).padStart(6), s.ms.toFixed(0).padStart(7), k);
});
await import('./issuance');

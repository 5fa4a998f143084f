// zod builds fast parsers with `new Function` unless told not to, and probes for it when the
// first object schema is made: under our CSP (no 'unsafe-eval') the probe is a reported
// violation. zod reads this global config object, so setting it before any schema exists (this
// module is main.tsx's first import) turns the probe and the eval off, for every chunk.
type ZodGlobal = { __zod_globalConfig?: { jitless?: boolean } };
const scope = globalThis as ZodGlobal;
(scope.__zod_globalConfig ??= {}).jitless = true;

import { localizedTextSchema, stepElementSchema } from '@dilosi/domain';
import { serializerCompiler as zodSerializerCompiler } from 'fastify-type-provider-zod';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { documentResponseSchema } from '../modules/documents';
import { compileEncoder, createSerializerCompiler } from './compiled-serializer';

const route = (schema: z.ZodType) =>
  ({ schema, method: 'GET', url: '/test', httpStatus: '200' }) as never;

/** The answer of both serializers, or the error each throws. */
function both(schema: z.ZodType, value: unknown) {
  const run = (serialize: (data: unknown) => string) => {
    try {
      return { text: serialize(value) };
    } catch (error) {
      return { error: (error as Error).constructor.name };
    }
  };
  return {
    compiled: run(createSerializerCompiler({ crossCheck: false })(route(schema))),
    zod: run(zodSerializerCompiler(route(schema))),
  };
}

/** The compiled function alone: it must take this value without handing it to zod. */
function compiledAlone(schema: z.ZodType, value: unknown) {
  return JSON.stringify(compileEncoder(schema)(value));
}

const localized = z.object({ el: z.string().min(1), en: z.string().min(1), fr: z.string().min(1) });

describe('compiled response serializer', () => {
  it('strips unknown keys and writes the schema order, as zod does, without zod', () => {
    const schema = z.object({
      b: z.string(),
      a: z.number().int().nonnegative(),
      c: z.boolean().optional(),
      d: z.string().nullable(),
      e: localized,
    });
    const value = {
      secret: 'not in the schema',
      a: 3,
      e: { fr: 'f', en: 'e', el: 'ε', extra: 1 },
      d: null,
      b: 'β',
    };
    const { compiled, zod } = both(schema, value);
    expect(compiled).toEqual(zod);
    expect(compiled.text).toBe('{"b":"β","a":3,"d":null,"e":{"el":"ε","en":"e","fr":"f"}}');
    expect(compiledAlone(schema, value)).toBe(compiled.text);
  });

  it('counts string lengths in code points, as zod does', () => {
    const schema = z.object({ code: z.string().length(2), name: z.string().max(3) });
    const value = { code: '😀😀', name: 'ΑΒΓ' };
    const { compiled, zod } = both(schema, value);
    expect(zod.text).toBe('{"code":"😀😀","name":"ΑΒΓ"}');
    expect(compiled).toEqual(zod);
    expect(compiledAlone(schema, value)).toBe(zod.text);
  });

  it('keeps an optional key given as undefined out of the text, and refuses a missing required one', () => {
    const schema = z.object({ a: z.string().optional(), b: z.unknown() });
    expect(both(schema, { a: undefined, b: 1 }).compiled.text).toBe('{"b":1}');
    const missing = both(schema, { a: 'x' });
    expect(missing.compiled).toEqual(missing.zod);
    expect(missing.compiled.error).toBe('ResponseSerializationError');
  });

  it('gives zod the verdict on every value zod refuses', () => {
    const cases: [z.ZodType, unknown][] = [
      [z.object({ n: z.number() }), { n: Number.NaN }],
      [z.object({ n: z.number() }), { n: Number.POSITIVE_INFINITY }],
      [z.object({ n: z.number().int() }), { n: 1.5 }],
      [z.object({ n: z.number().int().positive() }), { n: 0 }],
      [z.object({ n: z.number().min(1).max(100) }), { n: 101 }],
      [z.object({ s: z.string().min(1) }), { s: '' }],
      [z.object({ s: z.string().max(2) }), { s: 'abc' }],
      [z.object({ s: z.string().length(2) }), { s: 'a' }],
      // zod counts a string's length in code points: one emoji is one, not two.
      [z.object({ s: z.string().min(2) }), { s: '😀' }],
      [z.object({ s: z.string().length(2) }), { s: '😀' }],
      [z.object({ a: z.string() }).strict(), JSON.parse('{"a":"x","__proto__":1}')],
      [z.object({ a: z.string().exactOptional() }), { a: undefined }],
      [z.object({ n: z.null().refine(() => false) }), { n: null }],
      [z.object({ s: z.string() }), { s: new Date(0) }],
      [z.object({ s: z.email() }), { s: 'not an address' }],
      [z.object({ e: z.enum(['a', 'b']) }), { e: 'c' }],
      [z.object({ l: z.literal('x') }), { l: 'y' }],
      [z.object({ b: z.boolean() }), { b: 'true' }],
      [z.object({ a: z.array(z.string()).min(1) }), { a: [] }],
      [z.object({ a: z.array(z.string()) }), { a: 'x' }],
      [z.object({ a: z.string() }).strict(), { a: 'x', b: 'y' }],
      [z.record(z.string(), z.number()), { a: 'x' }],
      [z.record(z.string(), z.number()), new Map([['a', 1]])],
      [z.object({ a: z.string() }), null],
      // A default does not fill an absent key when encoding.
      [z.object({ n: z.number().default(1) }), {}],
      [z.object({ a: z.string() }), ['a']],
      [z.object({ a: z.string() }).refine((value) => value.a !== 'no'), { a: 'no' }],
      [
        z.discriminatedUnion('type', [
          z.object({ type: z.literal('a'), x: z.string() }),
          z.object({ type: z.literal('b') }),
        ]),
        { type: 'c' },
      ],
    ];
    for (const [schema, value] of cases) {
      const { compiled, zod } = both(schema, value);
      expect(zod.error, JSON.stringify(value)).toBe('ResponseSerializationError');
      expect(compiled, JSON.stringify(value)).toEqual(zod);
    }
  });

  it('answers what zod answers where it hands a part to zod (formats, defaults, tuples, unions)', () => {
    const schema = z.object({
      mail: z.email(),
      when: z.iso.datetime(),
      listed: z.object({ size: z.number().default(10) }).optional(),
      pair: z.tuple([z.string(), z.number()]),
      either: z.union([z.string(), z.number()]),
      regex: z.string().regex(/^[A-Z]+$/),
    });
    const value = {
      mail: 'a@example.gr',
      when: '2026-11-27T06:00:00Z',
      listed: { size: 5 },
      pair: ['a', 1],
      either: 2,
      regex: 'ABC',
    };
    const { compiled, zod } = both(schema, value);
    expect(zod.text).toBeDefined();
    expect(compiled).toEqual(zod);
  });

  it('keeps JSON.stringify’s key order for records with index-like keys, and unknown values as they are', () => {
    const schema = z.object({
      statements: z.record(z.string(), z.unknown()),
      rows: z.array(z.unknown()),
    });
    const value = {
      statements: { b: 1, 10: 'ten', a: { nested: new Date(Date.UTC(2026, 0, 1)) }, 2: null },
      rows: [undefined, 1, 'x'],
    };
    const { compiled, zod } = both(schema, value);
    expect(compiled).toEqual(zod);
    expect(compiledAlone(schema, value)).toBe(zod.text);
  });

  it('follows catch-all objects and discriminated unions as zod does', () => {
    const schema = z.object({
      loose: z.object({ a: z.string() }).catchall(z.number()),
      items: z.array(
        z.discriminatedUnion('type', [
          z.object({ type: z.literal('a'), x: z.string() }).strict(),
          z.object({ type: z.literal('b'), y: z.number().optional() }),
        ]),
      ),
    });
    const value = {
      loose: { z: 1, a: 'x', b: 2 },
      items: [
        { type: 'b', y: 1, dropped: true },
        { x: 's', type: 'a' },
      ],
    };
    const { compiled, zod } = both(schema, value);
    expect(compiled).toEqual(zod);
    expect(compiled.text).toBe(
      '{"loose":{"a":"x","z":1,"b":2},"items":[{"type":"b","y":1},{"type":"a","x":"s"}]}',
    );
    expect(compiledAlone(schema, value)).toBe(compiled.text);
  });

  it('compiles recursive schemas (z.lazy) and takes nested step elements without zod', () => {
    const schema = z.object({ elements: z.array(stepElementSchema) });
    const text = { el: 'Κείμενο', en: 'Text', fr: 'Texte' };
    const value = {
      elements: [
        { type: 'heading', text },
        {
          type: 'columns',
          columns: [
            [{ type: 'text', text }],
            [{ type: 'print-section', elements: [{ type: 'divider' }] }],
          ],
        },
        { type: 'notice', text, variant: 'warning' },
      ],
    };
    const { compiled, zod } = both(schema, value);
    expect(compiled).toEqual(zod);
    expect(compiledAlone(schema, value)).toBe(zod.text);
    const strictRefused = both(schema, { elements: [{ type: 'divider', extra: 1 }] });
    expect(strictRefused.zod.error).toBe('ResponseSerializationError');
    expect(strictRefused.compiled).toEqual(strictRefused.zod);
  });

  it('hands to zod only what it does not model: of the document answer, the tuple of a diff field', () => {
    const delegated: string[] = [];
    compileEncoder(localizedTextSchema, (type) => delegated.push(type));
    expect(delegated).toEqual([]);
    compileEncoder(documentResponseSchema, (type) => delegated.push(type));
    expect(delegated).toEqual(['tuple']);
  });

  it('throws in cross-check mode when the two serializers would differ', () => {
    const schema = z.object({ a: z.string() });
    const checked = createSerializerCompiler({ crossCheck: true })(route(schema));
    expect(checked({ a: 'x' })).toBe('{"a":"x"}');
    // A schema given as `{ properties }` (fastify-type-provider-zod's other form) too.
    const wrapped = createSerializerCompiler({ crossCheck: true })(
      route({ properties: schema } as unknown as z.ZodType),
    );
    expect(wrapped({ a: 'x', b: 'hidden' })).toBe('{"a":"x"}');
    // A value whose getter answers differently on each read makes the two texts differ.
    let reads = 0;
    const unstable = {
      get a() {
        reads += 1;
        return `read ${reads}`;
      },
    };
    expect(() => checked(unstable)).toThrow(/differs from zod/);
  });
});

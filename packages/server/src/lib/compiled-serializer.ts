import type { FastifySerializerCompiler } from 'fastify/types/schema';
import { serializerCompiler as zodSerializerCompiler } from 'fastify-type-provider-zod';
import type { z } from 'zod';

/**
 * The API's response serializer (issue #16): the answer zod's encode would give, in a function
 * compiled once per route schema, then `JSON.stringify`.
 *
 * zod builds a result object through its generic machinery for every node of the answer (a
 * payload and an issue list per property, a catch-all walk for strict objects); for the wizard's
 * 3–8 KB document answer that was the largest JavaScript cost of an issuance. The compiled
 * function walks the schema's shape directly. It accepts a value only where zod would accept it
 * and gives the same value (the same keys, in the same order, stripped where zod strips);
 * anything it does not model (transforms, defaults, tuples, formats, refinements, unions without
 * a discriminator) is handed to zod for that part of the answer. When a check fails the whole
 * answer goes through zod's own serializer, which then gives its verdict: the same error
 * (ResponseSerializationError, a 500) as before. So a compiled answer is never one zod would
 * have refused.
 *
 * With `crossCheck` (the test configuration), every answer is also serialized by zod and a
 * difference throws: the whole API suite checks that the two agree byte for byte.
 */

/** Thrown inside a compiled function when the value is not what it models: zod decides. */
const REFUSED: unique symbol = Symbol('refused');
type Encode = (value: unknown) => unknown;

type ZodInternals = {
  def: {
    type: string;
    checks?: { _zod: { def: Record<string, unknown> } }[];
    format?: unknown;
    coerce?: boolean;
    shape?: Record<string, z.ZodType>;
    catchall?: z.ZodType;
    element?: z.ZodType;
    innerType?: z.ZodType;
    keyType?: z.ZodType;
    valueType?: z.ZodType;
    options?: z.ZodType[];
    discriminator?: string;
    unionFallback?: boolean;
    mode?: string;
    getter?: () => z.ZodType;
  };
  values?: Set<unknown>;
  traits?: Set<string>;
  optin?: string;
  optout?: string;
  propValues?: Record<string, Set<unknown>>;
};

const internals = (schema: z.ZodType) => (schema as unknown as { _zod: ZodInternals })._zod;

function refuse(): never {
  throw REFUSED;
}

/** That part of the answer through zod's encode (the value zod gives for it there). */
function byZod(schema: z.ZodType): Encode {
  return (value) => {
    const result = (schema as z.ZodType).safeEncode(value as never);
    if (!result.success) refuse();
    return result.data;
  };
}

const isObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/**
 * Length and bound checks the compiled path models; null when a check is not one of them,
 * undefined when there is none. (zod guards a length check with `when`: the value has a length,
 * which the type test has settled.)
 */
function lengthTest(schema: z.ZodType): ((length: number) => boolean) | null | undefined {
  const tests: ((length: number) => boolean)[] = [];
  for (const check of internals(schema).def.checks ?? []) {
    const def = check._zod.def;
    if (def.check === 'min_length') {
      const minimum = def.minimum as number;
      tests.push((length) => length >= minimum);
    } else if (def.check === 'max_length') {
      const maximum = def.maximum as number;
      tests.push((length) => length <= maximum);
    } else if (def.check === 'length_equals') {
      const expected = def.length as number;
      tests.push((length) => length === expected);
    } else return null;
  }
  if (tests.length === 0) return undefined;
  return (length) => tests.every((test) => test(length));
}

const HIGH_SURROGATE = /[\uD800-\uDBFF]/;

/** A string's length as zod's length checks count it: in code points, not UTF-16 units. */
function codePointLength(text: string): number {
  if (!HIGH_SURROGATE.test(text)) return text.length;
  let count = text.length;
  for (let index = 0; index < text.length - 1; index += 1) {
    if (
      (text.charCodeAt(index) & 0xfc00) === 0xd800 &&
      (text.charCodeAt(index + 1) & 0xfc00) === 0xdc00
    ) {
      count -= 1;
      index += 1;
    }
  }
  return count;
}

function numberTest(schema: z.ZodType): ((value: number) => boolean) | null {
  const tests: ((value: number) => boolean)[] = [];
  for (const check of internals(schema).def.checks ?? []) {
    const def = check._zod.def;
    if (def.check === 'number_format' && def.format === 'safeint') tests.push(Number.isSafeInteger);
    else if (def.check === 'greater_than') {
      const bound = def.value as number;
      tests.push(def.inclusive ? (value) => value >= bound : (value) => value > bound);
    } else if (def.check === 'less_than') {
      const bound = def.value as number;
      tests.push(def.inclusive ? (value) => value <= bound : (value) => value < bound);
    } else return null;
  }
  return (value) => Number.isFinite(value) && tests.every((test) => test(value));
}

function compileObject(schema: z.ZodType, compile: (schema: z.ZodType) => Encode): Encode | null {
  const { def } = internals(schema);
  if (def.checks?.length) return null;
  const shape = def.shape ?? {};
  if (Object.getOwnPropertySymbols(shape).length > 0) return null;
  const keys = Object.keys(shape).filter((key) => key !== '__proto__');
  const fields = keys.map((key) => {
    const field = shape[key] as z.ZodType;
    const { optin, optout } = internals(field);
    return {
      key,
      encode: compile(field),
      optional: optin === 'optional' && optout === 'optional',
      // A default does not apply when encoding (zod runs its inner schema): its key must be
      // there, as any other.
      required: optin === undefined || (optin === 'defaulted' && optout === undefined),
    };
  });
  if (fields.some((field) => !field.optional && !field.required)) return null;
  const known = new Set(keys);
  let extra: 'strip' | 'strict' | Encode = 'strip';
  if (def.catchall) {
    const catchall = internals(def.catchall);
    if (catchall.def.type === 'never') extra = 'strict';
    else if (catchall.optin === undefined && catchall.optout === undefined)
      extra = compile(def.catchall);
    else return null;
  }
  return (value) => {
    if (!isObject(value)) refuse();
    const out: Record<string, unknown> = {};
    for (const field of fields) {
      const present = field.key in value;
      if (!present) {
        if (field.optional) continue;
        refuse();
      }
      out[field.key] = field.encode(value[field.key]);
    }
    if (extra !== 'strip') {
      for (const key in value) {
        if (known.has(key)) continue;
        // An undeclared __proto__ is never copied, but a strict object refuses it (as zod does).
        if (extra === 'strict') refuse();
        if (key === '__proto__') continue;
        out[key] = extra(value[key]);
      }
    }
    return out;
  };
}

function compileRecord(schema: z.ZodType, compile: (schema: z.ZodType) => Encode): Encode | null {
  const { def } = internals(schema);
  const keyType = def.keyType && internals(def.keyType);
  if (!keyType || keyType.def.type !== 'string' || keyType.def.checks?.length || keyType.def.format)
    return null;
  if (def.checks?.length || !def.valueType) return null;
  const encodeValue = compile(def.valueType);
  return (value) => {
    if (!isObject(value)) refuse();
    const prototype = Object.getPrototypeOf(value);
    if (prototype !== Object.prototype && prototype !== null) refuse();
    const out: Record<string, unknown> = {};
    for (const key of Reflect.ownKeys(value)) {
      if (typeof key !== 'string') refuse();
      if (key === '__proto__' || !Object.prototype.propertyIsEnumerable.call(value, key)) continue;
      out[key] = encodeValue(value[key]);
    }
    return out;
  };
}

function compileDiscriminatedUnion(
  schema: z.ZodType,
  compile: (schema: z.ZodType) => Encode,
): Encode | null {
  const { def } = internals(schema);
  const discriminator = def.discriminator;
  if (!discriminator || def.unionFallback || def.checks?.length) return null;
  const byValue = new Map<unknown, Encode>();
  for (const option of def.options ?? []) {
    const values = internals(option).propValues?.[discriminator];
    if (!values || values.size === 0) return null;
    const encode = compile(option);
    for (const value of values) {
      // An absent tag, or one two options share, is zod's to match.
      if (value === undefined) continue;
      if (byValue.has(value)) return null;
      byValue.set(value, encode);
    }
  }
  return (value) => {
    if (!isObject(value)) refuse();
    const encode = byValue.get(value[discriminator]);
    if (!encode) refuse();
    return encode(value);
  };
}

/** The compiled encode of a schema; `null` where the compiled path does not model it. */
function compileNode(schema: z.ZodType, compile: (schema: z.ZodType) => Encode): Encode | null {
  const zod = internals(schema);
  const { def } = zod;
  if (def.coerce) return null;
  switch (def.type) {
    case 'string': {
      if (def.format !== undefined) return null;
      const test = lengthTest(schema);
      if (test === null) return null;
      if (test === undefined) return (value) => (typeof value === 'string' ? value : refuse());
      return (value) =>
        typeof value === 'string' && test(codePointLength(value)) ? value : refuse();
    }
    case 'number': {
      if (def.format !== undefined) return null;
      const test = numberTest(schema);
      if (!test) return null;
      return (value) => (typeof value === 'number' && test(value) ? value : refuse());
    }
    case 'boolean':
      if (def.checks?.length) return null;
      return (value) => (typeof value === 'boolean' ? value : refuse());
    case 'null':
      if (def.checks?.length) return null;
      return (value) => (value === null ? value : refuse());
    case 'literal':
    case 'enum': {
      const values = zod.values;
      if (!values || def.checks?.length) return null;
      return (value) => (values.has(value) ? value : refuse());
    }
    case 'unknown':
    case 'any':
      if (def.checks?.length) return null;
      return (value) => value;
    case 'optional': {
      // An inner default (or optional) decides what absence becomes, and an exact optional
      // hands undefined to its inner schema: zod's part.
      if (
        def.checks?.length ||
        !def.innerType ||
        internals(def.innerType).optin !== undefined ||
        zod.traits?.has('$ZodExactOptional')
      )
        return null;
      const inner = compile(def.innerType);
      return (value) => (value === undefined ? undefined : inner(value));
    }
    case 'nullable': {
      if (def.checks?.length || !def.innerType) return null;
      const inner = compile(def.innerType);
      return (value) => (value === null ? null : inner(value));
    }
    case 'array': {
      if (!def.element) return null;
      const test = lengthTest(schema);
      if (test === null) return null;
      const element = compile(def.element);
      return (value) => {
        if (!Array.isArray(value) || (test && !test(value.length))) refuse();
        const out = new Array<unknown>(value.length);
        for (let index = 0; index < value.length; index += 1) out[index] = element(value[index]);
        return out;
      };
    }
    case 'object':
      return compileObject(schema, compile);
    case 'record':
      return compileRecord(schema, compile);
    case 'union':
      return compileDiscriminatedUnion(schema, compile);
    case 'default':
      // Encoding runs the inner schema as it is (zod's backward direction).
      if (def.checks?.length || !def.innerType) return null;
      return compile(def.innerType);
    case 'lazy':
      if (def.checks?.length || !def.getter) return null;
      return compile(def.getter());
    default:
      return null;
  }
}

/**
 * The encode function of a schema: compiled where modelled, zod's elsewhere (`delegated` is told
 * each part handed to zod, by its zod type).
 */
export function compileEncoder(
  root: z.ZodType,
  delegated: (type: string) => void = () => {},
): Encode {
  const compiled = new Map<z.ZodType, Encode>();
  const compile = (schema: z.ZodType): Encode => {
    const known = compiled.get(schema);
    if (known) return known;
    // A recursive schema (z.lazy) meets itself while compiling: it calls what it becomes.
    const slot: { encode?: Encode } = {};
    compiled.set(schema, (value) => (slot.encode as Encode)(value));
    let encode = compileNode(schema, compile);
    if (!encode) {
      delegated(internals(schema).def.type);
      encode = byZod(schema);
    }
    slot.encode = encode;
    compiled.set(schema, encode);
    return encode;
  };
  return compile(root);
}

/** A response schema as a route gives it (a zod schema, or `{ properties: schema }`). */
function resolveSchema(schema: unknown): z.ZodType | null {
  if (!isObject(schema)) return null;
  if ('_zod' in schema) return schema as unknown as z.ZodType;
  const { properties } = schema;
  if (isObject(properties) && '_zod' in properties) return properties as unknown as z.ZodType;
  return null;
}

export function createSerializerCompiler(options: {
  crossCheck: boolean;
}): FastifySerializerCompiler<unknown> {
  return (route) => {
    const viaZod = zodSerializerCompiler(route as Parameters<typeof zodSerializerCompiler>[0]);
    const schema = resolveSchema(route.schema);
    if (!schema) return viaZod;
    const encode = compileEncoder(schema);
    const serialize = (data: unknown): string => {
      let value: unknown;
      try {
        value = encode(data);
      } catch (error) {
        if (error === REFUSED) return viaZod(data);
        throw error;
      }
      return JSON.stringify(value);
    };
    if (!options.crossCheck) return serialize;
    return (data: unknown) => {
      const compiled = serialize(data);
      const expected = viaZod(data);
      if (compiled !== expected) {
        throw new Error(
          `compiled serializer differs from zod's for ${route.method} ${route.url} (${route.httpStatus}):\n${compiled}\n${expected}`,
        );
      }
      return compiled;
    };
  };
}

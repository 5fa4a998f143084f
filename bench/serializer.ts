// The API's response serializer (lib/compiled-serializer.ts, zod schemas compiled by hand) side
// by side with Fastify's own (fast-json-stringify, fed the route's schema by z.toJSONSchema), on
// the wizard's document answer and the validation look-up's answer (issue #32). The answers are
// real: a solemn declaration created, filled, submitted and issued through the app in process
// (PGlite in a temporary folder), then read back and looked up. Prints JSON: µs per answer for
// each serializer (median of ROUNDS rounds of ITERATIONS answers, serializers alternated) and
// whether each writes the same text as zod's own serializer.
// Run: node --import tsx bench/serializer.ts   (ROUNDS=15 ITERATIONS=2000)
import { validationResponseSchema } from '@dilosi/domain';
import fastJson from 'fast-json-stringify';
import { serializerCompiler as zodSerializerCompiler } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { createSerializerCompiler } from '../packages/server/src/lib/compiled-serializer';
import { upsertPersonUser } from '../packages/server/src/modules/auth/users';
import { documentResponseSchema } from '../packages/server/src/modules/documents';
import { serializeValidationResponse } from '../packages/server/src/modules/validation/serialize-validation-response';
import { createTestApp } from '../packages/server/test/helpers';

const rounds = Number(process.env.ROUNDS ?? 15);
const iterations = Number(process.env.ITERATIONS ?? 2000);

type Serialize = (value: unknown) => string;

const route = (schema: z.ZodType) =>
  ({ schema, method: 'GET', url: '/bench', httpStatus: '200' }) as never;

/** Fastify's default: fast-json-stringify compiled from the schema's JSON Schema (output side). */
function fastifyDefault(schema: z.ZodType): Serialize {
  const jsonSchema = z.toJSONSchema(schema, {
    io: 'output',
    target: 'draft-7',
    unrepresentable: 'any',
  }) as Record<string, unknown>;
  delete jsonSchema.$schema;
  return fastJson(jsonSchema as never) as Serialize;
}

/** Answers issued through the app: the wizard's issued document and its validation look-up. */
async function realAnswers() {
  const t = await createTestApp();
  try {
    const { app, database } = t;
    const mobile = '6912345678';
    const user = await upsertPersonUser(database, {
      afm: '123456789',
      firstname: 'ΓΕΩΡΓΙΟΣ',
      surname: 'ΠΑΠΑΔΟΠΟΥΛΟΣ',
      email: 'citizen@example.gr',
      username: null,
      certifiedMobile: mobile,
      grantAdmin: false,
    });
    const { token } = await app.auth.sessions.create({
      userId: user.id,
      provider: 'bank',
      claims: ['bank_login'],
      isAdmin: false,
      ip: null,
      userAgent: null,
    });
    const call = async (url: string, payload?: object) => {
      const response = await app.inject({
        method: payload ? 'POST' : 'GET',
        url,
        headers: { authorization: `Bearer ${token}` },
        ...(payload ? { payload } : {}),
      });
      if (response.statusCode >= 300) throw new Error(`${url}: ${response.body.slice(0, 300)}`);
      return response.json<{ data: { document: { id: string; reference_code: string } } }>();
    };
    const statement = 'Δηλώνω ότι τα στοιχεία της αίτησης είναι αληθή και πλήρη.';
    const created = await call('/api/my-declarations/', {
      document: { template: 'solemn-declaration', statements: { statement } },
    });
    const url = `/api/my-declarations/${created.data.document.id}`;
    await call(url, { document: { statements: { statement } } });
    await call(url, {
      document: { statements: { recipient: { type: 'entity', codename: 'EFKA' } } },
    });
    await call(url, { document: { statements: {} }, action: 'submit' });
    const sms = await database.db
      .selectFrom('outbox')
      .select('body')
      .where('message_key', '=', 'otp_sms')
      .executeTakeFirstOrThrow();
    const code = /\b(\d{6})\b/.exec(sms.body)?.[1] ?? '';
    await call(url, { document: { statements: { otp_code: code } } });
    const document = await call(url);
    const lookup = await call('/api/validation/document', {
      'document-id': document.data.document.reference_code,
    });
    return { document, lookup };
  } finally {
    await t.close();
  }
}

/** Median µs per answer of each serializer, alternated round by round. */
function measure(value: unknown, serializers: Record<string, Serialize>) {
  const times: Record<string, number[]> = {};
  for (const name of Object.keys(serializers)) times[name] = [];
  let sink = 0;
  for (let round = 0; round < rounds + 2; round += 1) {
    for (const [name, serialize] of Object.entries(serializers)) {
      const started = process.hrtime.bigint();
      for (let i = 0; i < iterations; i += 1) sink += serialize(value).length;
      const us = Number(process.hrtime.bigint() - started) / 1000 / iterations;
      // The first two rounds warm the JIT up.
      if (round >= 2) times[name]?.push(us);
    }
  }
  if (sink === 0) throw new Error('nothing serialized');
  const median = (values: number[]) => [...values].sort((a, b) => a - b)[values.length >> 1] ?? 0;
  return Object.fromEntries(
    Object.entries(times).map(([name, values]) => [name, Number(median(values).toFixed(2))]),
  );
}

function sameAsZod(value: unknown, reference: Serialize, serializers: Record<string, Serialize>) {
  const expected = reference(value);
  return Object.fromEntries(
    Object.entries(serializers).map(([name, serialize]) => [name, serialize(value) === expected]),
  );
}

async function main() {
  const { document, lookup } = await realAnswers();
  const compiled = createSerializerCompiler({ crossCheck: false });
  const documentSerializers: Record<string, Serialize> = {
    compiled_serializer: compiled(route(documentResponseSchema)),
    fast_json_stringify: fastifyDefault(documentResponseSchema),
    zod: zodSerializerCompiler(route(documentResponseSchema)),
  };
  const lookupSerializers: Record<string, Serialize> = {
    hand_written: (value) => serializeValidationResponse(value as never),
    compiled_serializer: compiled(route(validationResponseSchema)),
    fast_json_stringify: fastifyDefault(validationResponseSchema),
    zod: zodSerializerCompiler(route(validationResponseSchema)),
  };
  console.log(
    JSON.stringify(
      {
        rounds,
        iterations,
        document_answer: {
          bytes: JSON.stringify(document).length,
          us_per_answer: measure(document, documentSerializers),
          same_text_as_zod: sameAsZod(document, documentSerializers.zod!, documentSerializers),
        },
        validation_lookup: {
          bytes: JSON.stringify(lookup).length,
          us_per_answer: measure(lookup, lookupSerializers),
          same_text_as_zod: sameAsZod(lookup, lookupSerializers.zod!, lookupSerializers),
        },
      },
      null,
      2,
    ),
  );
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});

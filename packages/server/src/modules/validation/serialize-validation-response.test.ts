import { apiErrorSchema, validationResponseSchema, type ValidationResponse } from '@dilosi/domain';
import { serializerCompiler } from 'fastify-type-provider-zod';
import { describe, expect, it } from 'vitest';
import {
  serializeValidationResponse,
  validationResponseSerializerCompiler,
} from './serialize-validation-response';

const route = (httpStatus: string, schema: unknown) => ({
  schema,
  method: 'POST',
  url: '/api/validation/document',
  httpStatus,
});
/** What the route wrote before: zod's serializer compiler on the response schema. */
const zodSerialize = serializerCompiler(route('200', validationResponseSchema) as never);

const pdf = {
  download_url: '/api/validation/pdf/AAECAwQFBgcICQoLDA0ODxBpQp5w3Z2x8cYmT2y0bG9vZ2xlX2l0',
  expires_at: '2026-11-25T16:05:00.000Z',
};
const template = {
  refname: 'solemn-declaration',
  code: 'ΥΔ-1',
  shortname: { el: 'Υπεύθυνη δήλωση "Ν. 1599/1986"', en: 'Solemn declaration', fr: 'Déclaration' },
};

const answers: Record<string, ValidationResponse> = {
  'official, with template, PDF and the PDF address asked for': {
    data: {
      document: {
        reference_code: '7KQ2-M9XD-H3RT-0B5C',
        state: 'issued',
        is_official: true,
        issued_at: '2026-11-25T10:11:12.000Z',
        type: 'solemn_declaration',
        template,
        qrcode: 'https://dilosi.example/show/7KQ2M9XDH3RT0B5C',
        validation_url: 'https://dilosi.example/show/7KQ2M9XDH3RT0B5C',
        pdf,
      },
      'document-pdf': { 'content-uri': pdf.download_url },
    },
  },
  'not official: no QR code': {
    data: {
      document: {
        reference_code: '7KQ2-M9XD-H3RT-0B5C',
        state: 'issued',
        is_official: false,
        issued_at: '2026-11-25T10:11:12.000Z',
        type: 'authorisation',
        template,
        qrcode: null,
        validation_url: null,
        pdf,
      },
    },
  },
  'issued without a known template or PDF': {
    data: {
      document: {
        reference_code: 'AAAA-BBBB-CCCC-DDDD',
        state: 'issued',
        is_official: true,
        issued_at: null,
        qrcode: 'https://dilosi.example/show/AAAABBBBCCCCDDDD',
        validation_url: 'https://dilosi.example/show/AAAABBBBCCCCDDDD',
        pdf: null,
      },
    },
  },
  'revoked: only its code and state': {
    data: { document: { reference_code: '7KQ2-M9XD-H3RT-0B5C', state: 'revoked' } },
  },
};

describe('the validation look-up serializer', () => {
  for (const [name, answer] of Object.entries(answers)) {
    it(`writes what zod writes: ${name}`, () => {
      const written = serializeValidationResponse(answer);
      expect(written).toBe(zodSerialize(answer));
      expect(validationResponseSchema.parse(JSON.parse(written))).toEqual(JSON.parse(written));
    });
  }

  it('leaves out what the schema does not name, as zod does', () => {
    const answer = answers['not official: no QR code']!;
    const widened = {
      data: {
        ...answer.data,
        extra: 1,
        document: {
          ...answer.data.document,
          id: 'a1b2c3d4-0000-4000-8000-000000000000',
          values: { name: 'secret' },
          template: { ...template, shortname: { ...template.shortname, de: 'x' }, fields: [] },
          pdf: { ...pdf, token: 'x' },
        },
      },
    } as unknown as ValidationResponse;
    const written = serializeValidationResponse(widened);
    expect(written).toBe(zodSerialize(widened));
    expect(written).not.toMatch(/secret|a1b2c3d4|"de"|fields|token|extra/);
  });

  it('keeps zod for the error answers (not found, deleted, bad input, limited)', () => {
    const notFound = { error: { code: 'document_not_found', message: 'Δεν βρέθηκε' } };
    for (const status of ['400', '404', '410', '429']) {
      const serialize = validationResponseSerializerCompiler(
        route(status, apiErrorSchema) as never,
      );
      expect(serialize(notFound)).toBe(
        serializerCompiler(route(status, apiErrorSchema) as never)(notFound),
      );
      // zod still checks these: a malformed error answer is refused, not written.
      expect(() => serialize({ error: { code: 1 } })).toThrow();
    }
  });
});

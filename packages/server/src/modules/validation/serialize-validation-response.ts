import type { ValidatedDocument, ValidationResponse } from '@dilosi/domain';
import type { FastifySerializerCompiler } from 'fastify';
import { serializerCompiler } from 'fastify-type-provider-zod';

/**
 * The 200 answer of POST /api/validation/document, written without zod: the route is the
 * service's hottest (docs/performance.md, "Validation look-up"), and zod's encode of this answer
 * cost ~12 µs of the ~16 µs the profile gave to zod per look-up. The fields are picked one by one,
 * in the order of `validationResponseSchema` (domain/src/validation/validation-api.ts), so
 * nothing the handler may add leaks, and the text is byte for byte what zod's serializer writes
 * (serialize-validation-response.test.ts checks both on each kind of answer). Error answers
 * keep the zod serializer.
 */
export function serializeValidationResponse(response: ValidationResponse): string {
  const { document } = response.data;
  const pdfLink = response.data['document-pdf'];
  return JSON.stringify({
    data: {
      document: pickDocument(document),
      ...(pdfLink === undefined
        ? {}
        : { 'document-pdf': { 'content-uri': pdfLink['content-uri'] } }),
    },
  });
}

function pickDocument(document: ValidatedDocument): ValidatedDocument {
  const { template, pdf } = document;
  // Undefined values are left out by JSON.stringify, as zod leaves out absent optional keys.
  return {
    reference_code: document.reference_code,
    state: document.state,
    is_official: document.is_official,
    issuer_identified: document.issuer_identified,
    issued_at: document.issued_at,
    type: document.type,
    template: template && {
      refname: template.refname,
      code: template.code,
      shortname: {
        el: template.shortname.el,
        en: template.shortname.en,
        fr: template.shortname.fr,
      },
    },
    qrcode: document.qrcode,
    validation_url: document.validation_url,
    pdf: pdf && { download_url: pdf.download_url, expires_at: pdf.expires_at },
    signatories: document.signatories?.map((signatory) => ({
      firstname: signatory.firstname,
      surname: signatory.surname,
      signed_at: signatory.signed_at,
    })),
  };
}

/** The route's serializer compiler: the hand-written one for 200, zod's for the error answers. */
export const validationResponseSerializerCompiler: FastifySerializerCompiler<unknown> = (route) =>
  route.httpStatus === '200'
    ? (data: ValidationResponse) => serializeValidationResponse(data)
    : serializerCompiler(route as Parameters<typeof serializerCompiler>[0]);

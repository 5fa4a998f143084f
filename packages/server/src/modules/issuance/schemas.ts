import { apiDocumentSchema, documentActionRequestSchema } from '@dilosi/domain';
import { z } from 'zod';

export const actionBodySchema = documentActionRequestSchema.describe(
  'action: resend_otp | pdf | email | sms | send-document-link | share | revoke | dismiss | ' +
    'set_retention; arguments: email {email?}, send-document-link {email}, share ' +
    '{firstname, surname, afm}, set_retention {days: 30-1826}',
);

export const referenceParamsSchema = z.object({ ref: z.string().max(64) });

export const pdfTokenParamsSchema = z.object({ token: z.string().max(300) });

export const documentResponseSchema = z.object({
  data: z.object({ document: apiDocumentSchema }),
});

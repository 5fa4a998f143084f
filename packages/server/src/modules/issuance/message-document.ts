import {
  apiErrorSchema,
  messageDocumentSchema,
  pdfTokenResponseSchema,
  renderDocumentPreview,
  type Recipient,
} from '@dilosi/domain';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { DocumentRow } from '../../db/schema';
import { AppError } from '../../lib/app-error';
import { requireUser } from '../auth';
import { findOwnMessage } from '../messages';
import { citizenName } from './document-links';
import type { IssuanceServices } from './issuance-services';
import { pdfDownloadUrl } from './pdf-download-url';

const params = z.object({ id: z.string().max(64) });
const errors = { 401: apiErrorSchema, 404: apiErrorSchema, 409: apiErrorSchema };
const docs = (summary: string) => ({ tags: ['messages'], summary, security: [{ bearer: [] }] });

/**
 * The document a citizen's message carries, for that citizen only (a document shared with
 * them, one addressed to them, one an entity sent them): read-only, and its PDF while it
 * stands. Access follows the message: it exists only in the mailbox of the person the document
 * was given to, so another person's message id answers 404 like an unknown one.
 */
export async function messageDocumentRoutes(app: FastifyInstance, services: IssuanceServices) {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const { db } = services.database;

  const documentOf = async (userId: string, messageId: string): Promise<DocumentRow> => {
    const message = await findOwnMessage(db, userId, messageId);
    const row = message.document_id
      ? await db
          .selectFrom('documents')
          .selectAll()
          .where('id', '=', message.document_id)
          .executeTakeFirst()
      : undefined;
    if (!row || row.reference_code === null) throw new AppError(404, 'document_not_found');
    return row;
  };

  api.get(
    '/gates/USER/gate/inbox-entries/:id/document',
    {
      schema: {
        ...docs('The document a message of the caller carries, read-only'),
        params,
        response: { 200: messageDocumentSchema, ...errors },
      },
    },
    async (request) => {
      const user = requireUser(request);
      const row = await documentOf(user.id, request.params.id);
      const [template, owner] = await Promise.all([
        services.catalog.definition(row.template_refname, row.template_version),
        db.selectFrom('users').selectAll().where('id', '=', row.owner_id).executeTakeFirst(),
      ]);
      return {
        data: {
          id: row.id,
          reference_code: services.config.REFCODE_ENABLED ? row.reference_code : null,
          template_refname: row.template_refname,
          template_shortname: template.shortname,
          state: row.state,
          issued_at: row.issued_at ? new Date(row.issued_at).toISOString() : null,
          owner_display_name: citizenName(row.values, owner ?? null),
          preview: renderDocumentPreview(
            template,
            row.values,
            (row.recipient as Recipient | null) ?? null,
          ),
          answer_state: row.answer_state,
          answer_reason: row.answer_reason,
        },
      };
    },
  );

  api.post(
    '/gates/USER/gate/inbox-entries/:id/pdf/token',
    {
      schema: {
        ...docs('A short-lived download address of the PDF of the document a message carries'),
        params,
        response: { 200: pdfTokenResponseSchema, ...errors },
      },
    },
    async (request) => {
      const user = requireUser(request);
      const row = await documentOf(user.id, request.params.id);
      // A revoked document's PDF is no longer handed out (as for its owner).
      if (row.state !== 'issued') throw new AppError(409, 'action_not_allowed_on_state');
      const { url, expiresAt } = pdfDownloadUrl(services, row.id);
      return {
        data: { download_url: url, expires_at: expiresAt.toISOString() },
        meta: { download_url: url },
      };
    },
  );
}

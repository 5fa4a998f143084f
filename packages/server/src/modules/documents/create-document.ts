import crypto from 'node:crypto';
import { attachmentContentUri } from '../../lib/attachment-download';
import {
  isCaptchaRequired,
  apiErrorSchema,
  documentMachine,
  isInputField,
  type ApiDocument,
  type DocumentWrite,
  type Locale,
  type StepField,
  type Template,
  type TemplateField,
} from '@dilosi/domain';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { now } from '../../clock';
import { requestLocale } from '../../lib/i18n';
import { requireUser, verifyCaptcha, type CurrentUser } from '../auth';
import { recordCaseEvent } from '../cases';
import { checkTemplateAccess, findUsableTemplate } from '../templates';
import { checkUploads } from '../../lib/uploads/check-uploads';
import { computeDigest } from './compute-digest';
import { firstEditingStep, isValueEditable } from './document-content';
import { noExtras } from './document-extras';
import { nextDocumentState } from './document-transition';
import { cachedDocumentWrite, listDocumentFiles, type Queryable } from './document-queries';
import type { DocumentRow } from '../../db/schema';
import type { DocumentServices } from './document-services';
import { prefillValues } from './prefill-values';
import { uploadsOf, type UploadedFile } from '../../lib/uploads/read-multipart-body';
import { documentBodySchema, documentWriteResponseSchema } from './schemas';
import { planDocumentAttachments } from './plan-attachments';
import { storeUploads } from './store-uploads';
import { applyStatements } from './take-statements';
import { toApiDocument } from './to-api-document';
import { refuseTargets, templateRequired, writeAnswer } from './write-options';

/** A new document and its first history row, in one statement compiled once. */
const insertCreated = cachedDocumentWrite(
  1,
  (
    creator,
    values: {
      id: string;
      ownerId: string;
      templateRefname: string;
      templateVersion: number;
      type: DocumentRow['type'];
      state: DocumentRow['state'];
      step: string;
      values: string;
      registryFields: string;
      isOfficial: boolean;
      callerAuthorizationId: string | null;
      issuerEntityId: string | null;
      replyToEntryId: string | null;
      recipientUserId: string | null;
      digest: string;
      at: Date;
    },
  ) =>
    creator
      .insertInto('documents')
      .values({
        id: values.id,
        owner_id: values.ownerId,
        template_refname: values.templateRefname,
        template_version: values.templateVersion,
        type: values.type,
        state: values.state,
        step: values.step,
        values: values.values,
        registry_fields: values.registryFields,
        recipient: null,
        is_official: values.isOfficial,
        caller_authorization_id: values.callerAuthorizationId,
        issuer_entity_id: values.issuerEntityId,
        reply_to_entry_id: values.replyToEntryId,
        recipient_user_id: values.recipientUserId,
        digest: values.digest,
        created_at: values.at,
        updated_at: values.at,
      })
      .returningAll(),
);

/** The spec's two paths of a citizen's create: the legacy one and the scope's (section 7). */
const CREATE_PATHS = ['/my-declarations/', '/gates/USER/gate/documents'] as const;

/**
 * POST /api/my-declarations/ and POST /api/gates/USER/gate/documents (spec section 7) — a new
 * draft of a template (state editing, at its first editing step): the template's access checks,
 * a captcha for anonymous use, values pre-filled from the registry and the field defaults, then
 * the statements sent for editable fields (not validated yet). JSON, or multipart with a `json`
 * part and file parts. A citizen's document answers no case: `targets` is 400.
 */
export async function createDocumentRoute(app: FastifyInstance, services: DocumentServices) {
  const { catalog, database } = services;
  for (const path of CREATE_PATHS) {
    app.withTypeProvider<ZodTypeProvider>().post(
      path,
      {
        schema: {
          tags: ['documents'],
          summary: 'Create a draft document from a template',
          security: [{ bearer: [] }],
          consumes: ['application/json', 'multipart/form-data'],
          body: documentBodySchema,
          response: {
            201: documentWriteResponseSchema,
            400: apiErrorSchema,
            403: apiErrorSchema,
            404: apiErrorSchema,
            410: apiErrorSchema,
          },
        },
      },
      async (request, reply) => {
        const user = requireUser(request);
        const { document, captcha, actor, interactive } = request.body;
        refuseTargets(request.body);
        if (!document.template) throw templateRequired();
        const template = findUsableTemplate(catalog, document.template);
        await checkTemplateAccess(database, template, user);
        // A template confirmed only at a KEP needs no captcha: the officer is the check.
        if (isCaptchaRequired(template, user)) {
          await verifyCaptcha(request, captcha);
        }

        const draft = await createDraft(services, {
          locale: requestLocale(request),
          uploads: uploadsOf(request),
          user,
          template,
          document,
          callerAuthorizationId: actor?.caller_authorization_id ?? null,
        });
        return reply.status(201).send(writeAnswer(draft, interactive));
      },
    );
  }
}

export type CreateDraftInput = {
  /** The caller's interface language, for refusals. */
  locale: Locale;
  /** The file parts the request carried (none for JSON). */
  uploads: UploadedFile[];
  user: CurrentUser;
  template: Template;
  document: DocumentWrite['document'];
  callerAuthorizationId: string | null;
  /**
   * An entity's document (modules/replies): on whose behalf, what it answers (a reply's case:
   * its history records `replying` in the creation's transaction), for whom, preset values.
   */
  entity?: {
    entityId: string;
    replyToEntryId: string | null;
    recipientUserId: string | null;
    values: Record<string, unknown>;
  };
};

/**
 * A new draft (state editing, at its first editing step): values pre-filled from the registry
 * and the field defaults (and an entity's preset values), then the statements sent for
 * editable fields (not validated yet), with the uploads, and the `create` event.
 */
export async function createDraft(
  services: DocumentServices,
  input: CreateDraftInput,
): Promise<ApiDocument> {
  const { database, config } = services;
  const { user, template, document } = input;
  const prefilled = await prefillValues(database, template, user.record);
  const values = { ...prefilled.values, ...input.entity?.values };
  const replyToEntryId = input.entity?.replyToEntryId ?? null;
  const { registryFields } = prefilled;
  const editable: StepField[] = template.fields
    .filter((field) => isValueEditable(field, { registryFields }))
    .map((field) => ({ ...field, editable: true }));
  const statements = applyStatements(values, editable, document.statements);
  const attachmentFields = new Map<string, TemplateField>(
    editable
      .filter((field) => field.component === 'attachment' && isInputField(field))
      .map((field) => [field.key, field] as const),
  );
  const uploads = checkUploads(input.uploads, attachmentFields, {
    fileMaxSize: config.FILE_MAX_SIZE,
    locale: input.locale,
  });
  const hasFiles = uploads.length > 0 || Object.keys(document.attachments).length > 0;

  const step = firstEditingStep(template, {
    values: statements,
    registryFields,
    attachments: {},
    recipient: null,
  });
  const created = nextDocumentState(documentMachine.initial, 'create');
  const at = now();
  const id = crypto.randomUUID();
  const insert = async (db: Queryable) => {
    const inserted = await insertCreated(
      db,
      {
        id,
        ownerId: user.id,
        templateRefname: template.refname,
        templateVersion: template.version,
        type: template.type,
        state: created,
        step: step.key,
        values: JSON.stringify(statements),
        registryFields: JSON.stringify(registryFields),
        isOfficial: !template.devel,
        callerAuthorizationId: input.callerAuthorizationId,
        issuerEntityId: input.entity?.entityId ?? null,
        replyToEntryId,
        recipientUserId: input.entity?.recipientUserId ?? null,
        digest: computeDigest({ values: statements, recipient: null, step: step.key }),
        at,
      },
      [
        {
          documentId: id,
          action: 'create',
          fromState: documentMachine.initial,
          toState: created,
          step: step.key,
          userId: user.id,
        },
      ],
    );
    if (!inserted) throw new Error('the new document was not inserted');
    return inserted;
  };
  // The document and its first history row are one statement, atomic on its own; files and the
  // caller's own writes need a transaction around them.
  const row =
    !hasFiles && !replyToEntryId
      ? await insert(database.db)
      : await database.db.transaction().execute(async (trx) => {
          const inserted = await insert(trx);
          const plan = await planDocumentAttachments(trx, {
            existing: [],
            attachments: document.attachments,
            uploads,
            fields: attachmentFields,
            ownerId: user.id,
            fileMaxSize: config.FILE_MAX_SIZE,
            locale: input.locale,
          });
          await storeUploads(trx, inserted.id, plan);
          if (replyToEntryId) {
            await recordCaseEvent(trx, {
              entryId: replyToEntryId,
              action: 'replying',
              userId: user.id,
              details: { reply_id: inserted.id, template: template.refname },
              at: now(),
            });
          }
          return inserted;
        });
  const files = await listDocumentFiles(database.db, row.id, template);
  return toApiDocument(
    template,
    row,
    files,
    noExtras(config, attachmentContentUri(services.issuance)),
  );
}

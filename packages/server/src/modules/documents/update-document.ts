import { attachmentContentUri } from '../../lib/attachment-download';
import {
  STEP_UP_PATHS,
  apiErrorSchema,
  canTransition,
  documentMachine,
  validateValues,
  type ApiDocument,
  type DocumentWrite,
  type Locale,
  type Recipient,
  type Template,
  type TemplateStep,
  type TemplateField,
} from '@dilosi/domain';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { now } from '../../clock';
import type { DocumentRow } from '../../db/schema';
import { AppError } from '../../lib/app-error';
import { requestLocale } from '../../lib/i18n';
import { requireUser, type CurrentUser } from '../auth';
import type { User } from '../../db/schema';
import { checkUploads } from '../../lib/uploads/check-uploads';
import { computeDigest } from './compute-digest';
import {
  nextEditingStep,
  resolveStepFields,
  stepOf,
  type DocumentContent,
} from './document-content';
import { noExtras } from './document-extras';
import { nextDocumentState } from './document-transition';
import {
  listDocumentFiles,
  updateDocumentRecorded,
  type DocumentFileInfo,
  type Queryable,
} from './document-queries';
import { citizenIssuer, findAsIssuer, type Issuer } from './document-issuer';
import type { DocumentServices } from './document-services';
import { OTP_FIELD_KEY } from '../issuance';
import { confirmIssuance } from './confirm-issuance';
import { requestIssuance } from './request-issuance';
import { planDocumentAttachments } from './plan-attachments';
import { uploadsOf, type UploadedFile } from '../../lib/uploads/read-multipart-body';
import { resolveRecipients } from './resolve-recipients';
import { declarationNotFound, notAllowedOnState } from './document-errors';
import { documentBodySchema, documentParamsSchema, documentWriteResponseSchema } from './schemas';
import { refuseTargets, writeAnswer } from './write-options';
import { changesFiles, storeUploads } from './store-uploads';
import { applyStatements } from './take-statements';
import { contentOf, toApiDocument } from './to-api-document';
import { invalidFieldsError, toInvalidFields } from './to-invalid-fields';
import { checkCoSignatories } from './check-co-signatories';
import { actionRequired, checkStepRequirements } from './check-step-requirements';
import { hasFreshStepUp } from '../step-up';
import { checkWithRegistries, withRegistryAnswers, type RegistryAnswers } from './registry-checks';
import { checkTemplateService } from '../template-services';
import { registryOf } from '../registry';

/**
 * Whether this update belongs to issuance: in state requested (the SMS code), or `submit` at
 * the last editing step (preview). A quick unlocked look; issuance locks and checks again.
 */
async function issuanceStepOf(
  services: DocumentServices,
  issuer: Issuer,
  id: string,
  action: string | undefined,
  user: CurrentUser,
): Promise<{ step: 'request' | 'confirm' | null; stored: DocumentRow }> {
  const { catalog, database } = services;
  const stored = await findAsIssuer(database.db, issuer, id);
  if (!stored) throw declarationNotFound();
  if (canTransition(documentMachine, stored.state, 'confirm')) return { step: 'confirm', stored };
  if (!canTransition(documentMachine, stored.state, 'request') || action !== 'submit') {
    return { step: null, stored };
  }
  const definition = await catalog.definition(stored.template_refname, stored.template_version);
  const step = stepOf(definition, stored.step);
  const content = contentOf(stored, await listDocumentFiles(database.db, stored.id, definition));
  const last = step && !nextEditingStep(definition, step.key, content);
  if (last) await checkCitizenStep(database.db, issuer, definition, step, user);
  return { step: last ? 'request' : null, stored };
}

/**
 * A citizen's step waits for what it needs of her session (issue #37): its login, the mobile
 * consent, a fresh second factor. Staff issuing for their entity are not asked.
 */
async function checkCitizenStep(
  db: Queryable,
  issuer: Issuer,
  template: Template,
  step: TemplateStep,
  user: CurrentUser,
): Promise<void> {
  if (issuer.kind !== 'citizen') return;
  checkStepRequirements(template, step, user);
  const stepUp = step.step_up ?? template.step_up;
  if (stepUp && !(await hasFreshStepUp(db, user.sessionId, stepUp.max_age_minutes))) {
    throw actionRequired({ name: 'step_up', url: STEP_UP_PATHS.send });
  }
}

/**
 * POST /api/my-declarations/{id} — saves the current step and moves to the next one. Only
 * the step's editable input fields are taken; the values are checked with the same
 * validateValues the web form runs, plus the server's recipient check. Invalid: 400
 * invalid_fields and nothing is saved. At the last editing step (preview) the document goes
 * on by issuance: `action: 'submit'` sends the SMS code (modules/issuance), without it 409
 * action_not_allowed_on_state. In state requested the body carries the code
 * (`statements.otp_code`) and a right one issues the document. A `digest-sha256` other than the
 * stored draft's: 409 document_modified (someone changed it meanwhile). `targets`: 400 (a
 * document's case is named at creation).
 */
export async function updateDocumentRoute(app: FastifyInstance, services: DocumentServices) {
  app.withTypeProvider<ZodTypeProvider>().post(
    '/my-declarations/:id',
    {
      schema: {
        tags: ['documents'],
        summary: 'Save the current step of a draft and go to the next',
        security: [{ bearer: [] }],
        consumes: ['application/json', 'multipart/form-data'],
        params: documentParamsSchema,
        body: documentBodySchema,
        response: {
          200: documentWriteResponseSchema,
          400: apiErrorSchema,
          403: apiErrorSchema,
          404: apiErrorSchema,
          409: apiErrorSchema,
          429: apiErrorSchema,
        },
      },
    },
    async (request) => {
      const user = requireUser(request);
      const { document, action, interactive } = request.body;
      refuseTargets(request.body);
      const saved = await saveDocumentStep(services, citizenIssuer(user.id), {
        locale: requestLocale(request),
        uploads: uploadsOf(request),
        user,
        id: request.params.id,
        document,
        action,
      });
      return writeAnswer(saved, interactive);
    },
  );
}

export type SaveStepInput = {
  /** The caller's interface language: refusals in it, and an issued PDF's translation. */
  locale: Locale;
  /** The file parts the request carried (none for JSON). */
  uploads: UploadedFile[];
  user: CurrentUser;
  id: string;
  document: DocumentWrite['document'];
  action: string | undefined;
};

/**
 * Saves the current step of a document of the issuer (a citizen's own, or an entity's for its
 * staff) and moves to the next one; at the preview and in state requested issuance takes over.
 */
export async function saveDocumentStep(
  services: DocumentServices,
  issuer: Issuer,
  input: SaveStepInput,
): Promise<ApiDocument> {
  const { catalog, database, config } = services;
  const { locale, user, document, action } = input;
  const { issuance } = services;
  // Only a submit or a body with the SMS code can be a step of issuance; any other save goes
  // straight to its transaction (one read less), which hands a requested document to the
  // confirmation below, as the look here would have.
  if (issuance && (action === 'submit' || OTP_FIELD_KEY in document.statements)) {
    const { step, stored } = await issuanceStepOf(services, issuer, input.id, action, user);
    const issuanceInput = { issuer, locale, user, documentId: input.id, document, stored };
    if (step === 'request') return requestIssuance(issuance, issuanceInput);
    if (step === 'confirm') return confirmIssuance(issuance, issuanceInput);
  }
  // The registry is asked outside the transaction (it may need the only connection): a step
  // needing an answer not fetched yet is rolled back, the answers fetched, and the step run again.
  const registry = registryOf(database);
  const fetched: RegistryAnswers = new Map();
  const saved = await withRegistryAnswers(registry, fetched, () =>
    database.db.transaction().execute(async (trx) => {
      const stored = await findAsIssuer(trx, issuer, input.id, { forUpdate: true });
      if (!stored) throw declarationNotFound();
      if (issuance && canTransition(documentMachine, stored.state, 'confirm')) {
        return { requested: stored, issuance } as const;
      }
      const state = stored.state;
      const updatedState = nextDocumentState(state, 'update');
      const sentDigest = document['digest-sha256'];
      if (sentDigest !== undefined && sentDigest !== stored.digest) {
        throw new AppError(409, 'document_modified');
      }
      const definition = await catalog.definition(
        stored.template_refname,
        stored.template_version,
        trx,
      );
      const step = stepOf(definition, stored.step);
      const storedFiles = await listDocumentFiles(trx, stored.id, definition);
      const content = contentOf(stored, storedFiles);
      if (!step || !nextEditingStep(definition, step.key, content)) throw notAllowedOnState();
      await checkCitizenStep(trx, issuer, definition, step, user);

      const { values, recipient, plan } = await readStepInput(trx, {
        definition,
        step,
        content,
        storedValues: stored.values,
        storedFiles,
        document,
        uploads: input.uploads,
        ownerId: user.id,
        fileMaxSize: config.FILE_MAX_SIZE,
        locale,
        user: user.record,
        documentId: stored.id,
        registry: fetched,
      });
      const next = nextEditingStep(definition, step.key, {
        ...content,
        values,
        recipient,
      });
      if (!next) throw notAllowedOnState();
      if (plan.removeIds.length > 0) {
        await trx.deleteFrom('document_files').where('id', 'in', plan.removeIds).execute();
      }
      await storeUploads(trx, stored.id, plan);
      const updated = await updateDocumentRecorded(
        trx,
        stored.id,
        {
          state: updatedState,
          values: JSON.stringify(values),
          recipient: recipient === null ? null : JSON.stringify(recipient),
          step: next.key,
          digest: computeDigest({ values, recipient, step: next.key }),
          updated_at: now(),
        },
        [
          {
            action: 'update',
            fromState: state,
            toState: updatedState,
            step: next.key,
            userId: user.id,
          },
        ],
      );
      return {
        row: updated,
        template: definition,
        files: changesFiles(plan)
          ? await listDocumentFiles(trx, stored.id, definition)
          : storedFiles,
      };
    }),
  );
  if (saved.requested) {
    const stored = saved.requested;
    return confirmIssuance(saved.issuance, {
      issuer,
      locale,
      user,
      documentId: input.id,
      document,
      stored,
    });
  }
  return toApiDocument(
    saved.template,
    saved.row,
    saved.files,
    noExtras(config, attachmentContentUri(services.issuance)),
  );
}

/**
 * The step's input read and checked: the statements sent for its editable fields (with the
 * server's recipient check), the uploads and the attachments kept; invalid: 400
 * invalid_fields, nothing saved.
 */
async function readStepInput(
  trx: Queryable,
  input: {
    definition: Template;
    step: TemplateStep;
    content: DocumentContent;
    storedValues: Record<string, unknown>;
    storedFiles: DocumentFileInfo[];
    document: DocumentWrite['document'];
    uploads: UploadedFile[];
    /** Who writes: the pending uploads the body names must be theirs. */
    ownerId: string;
    fileMaxSize: number;
    locale: Locale;
    /** The citizen writing, for the template's service (issue #40). */
    user: Pick<User, 'id' | 'afm'>;
    documentId: string;
    /** The registries' answers fetched before the transaction (second parent, student number). */
    registry: RegistryAnswers;
  },
) {
  const { definition, step, content, storedFiles, document, locale } = input;
  const fields = resolveStepFields(definition, step, content);
  const editable = fields.filter((field) => field.editable);
  const recipients = await resolveRecipients(
    trx,
    editable,
    applyStatements(input.storedValues, editable, document.statements),
  );
  const values = recipients.values;
  const attachmentFields = new Map<string, TemplateField>(
    editable
      .filter((field) => field.component === 'attachment')
      .map((field) => [field.key, field] as const),
  );
  const uploads = checkUploads(input.uploads, attachmentFields, {
    fileMaxSize: input.fileMaxSize,
    locale,
  });
  const plan = await planDocumentAttachments(trx, {
    existing: storedFiles,
    attachments: document.attachments,
    uploads,
    fields: attachmentFields,
    ownerId: input.ownerId,
    fileMaxSize: input.fileMaxSize,
    locale,
  });
  const errors = validateValues(fields, values, step.rules, {
    now: now(),
    attachments: plan.byField,
  });
  const failed = new Set(errors.map((entry) => entry.field));
  errors.push(...recipients.errors.filter((entry) => !failed.has(entry.field)));
  if (errors.length === 0) {
    const keys = new Set(editable.map((field) => field.key));
    errors.push(...(await checkCoSignatories(trx, definition, values, keys)));
    errors.push(
      ...checkWithRegistries(input.registry, step, values, {
        editableKeys: keys,
        afm: input.user.afm,
      }),
    );
  }
  if (errors.length === 0) {
    const keys = new Set(editable.map((field) => field.key));
    errors.push(
      ...(await checkTemplateService(trx, {
        template: definition,
        values,
        user: input.user,
        documentId: input.documentId,
        at: now(),
        editableKeys: keys,
      })),
    );
  }
  if (errors.length > 0) {
    throw invalidFieldsError('invalid_fields', toInvalidFields(errors, fields, definition, locale));
  }

  const recipientField = editable.find((field) => field.component === 'recipient');
  const recipient = recipientField
    ? ((values[recipientField.key] as Recipient | undefined) ?? null)
    : content.recipient;
  return { values, recipient, plan };
}

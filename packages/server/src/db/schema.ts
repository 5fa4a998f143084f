import type {
  AccessLogKind,
  AccessLogStaffRole,
  CaseStatus,
  CorrectionState,
  OpinionState,
  ConsentState,
  KepConfirmationState,
  DocumentState,
  EntityDecision,
  EntityRole,
  EntityTemplateUse,
  MessageStatus,
  PermissionState,
  VaultExportState,
  RecipientAnswerState,
  StaffAlertMode,
  SignatoryState,
} from '@dilosi/domain';
import type { ColumnType, Generated, Insertable, Selectable } from 'kysely';

type Timestamp = ColumnType<Date, Date | string | undefined, Date | string>;
export type LocalizedText = { el: string; en?: string; fr?: string };

export type EntitiesTable = {
  id: Generated<string>;
  codename: string;
  display_name: ColumnType<LocalizedText, string, string>;
  email: string | null;
  is_addressable: Generated<boolean>;
  is_managed: Generated<boolean>;
  has_inbox: Generated<boolean>;
  enabled: Generated<boolean>;
  /** A citizens' service centre: its clerks confirm anonymous requests in person (issue #37). */
  is_kep: Generated<boolean>;
  parent_id: string | null;
  created_at: Timestamp;
  updated_at: Timestamp;
};

export type PersonsTable = {
  afm: string;
  amka: string | null;
  firstname: string;
  surname: string;
  father_name: string | null;
  mother_name: string | null;
  birth_date: ColumnType<string | null, string | null | undefined, string | null>;
  birth_place: string | null;
  id_number: string | null;
  id_type: string | null;
  gender: string | null;
  address: ColumnType<Record<string, string> | null, string | null | undefined, string | null>;
  landline: string | null;
  mobile: string | null;
  mobile_certified: Generated<boolean>;
  email: string | null;
  is_natural_person: Generated<boolean>;
  tax_status: Generated<'active' | 'deactivated' | 'deceased'>;
  is_civil_servant: Generated<boolean>;
  created_at: Generated<Timestamp>;
};

export type JobHeartbeatsTable = {
  name: string;
  last_run_at: Timestamp;
};

type Json<T> = ColumnType<T, string, string>;

export type UsersTable = {
  id: Generated<string>;
  afm: string | null;
  anonymous_subject: string | null;
  firstname: string | null;
  surname: string | null;
  email: string | null;
  username: string | null;
  is_admin: Generated<boolean>;
  mobile: string | null;
  mobile_certified: Generated<boolean>;
  mobile_flow_done: Generated<boolean>;
  consents: ColumnType<UserConsents, string | undefined, string>;
  created_at: Timestamp;
  updated_at: Timestamp;
  last_login_at: Timestamp | null;
  /** When a code sent to `email` proved it hers (issue #38); null: as the login gave it. */
  email_verified_at: ColumnType<
    Date | null,
    Date | string | null | undefined,
    Date | string | null
  >;
};

export type UserConsents = Partial<
  Record<'mobile_use_nnc_onboarding' | 'mobile_check_certified', { value: boolean; at: string }>
>;

export type SessionsTable = {
  id: Generated<string>;
  token_hash: string;
  user_id: string;
  provider: string;
  claims: Json<string[]>;
  is_admin: boolean;
  ip: string | null;
  user_agent: string | null;
  created_at: Timestamp;
  last_seen_at: Timestamp;
  expires_at: Timestamp;
  revoked_at: Timestamp | null;
  /** An anonymous session's template, the only one it reaches (migration 0054). */
  template: ColumnType<string | null, string | null | undefined, string | null>;
};

export type LoginAttemptsTable = {
  state: string;
  nonce: string;
  code_verifier: string;
  provider: string;
  next: string | null;
  template: string | null;
  is_admin: boolean;
  mobile_warn: string | null;
  ip: string | null;
  /** SHA-256 of the browser binding cookie set at the start (null: started before 0007). */
  binding_hash: string | null;
  /** base64url SHA-256 of the verifier kept by the page that started the login, if it sent one. */
  verifier_challenge: string | null;
  created_at: Timestamp;
  expires_at: Timestamp;
  used_at: Timestamp | null;
};

export type LoginCodesTable = {
  code_hash: string;
  user_id: string;
  provider: string;
  claims: Json<string[]>;
  is_admin: boolean;
  binding_hash: string | null;
  verifier_challenge: string | null;
  created_at: Timestamp;
  expires_at: Timestamp;
  used_at: Timestamp | null;
  /** The template an anonymous login was started for (migration 0054). */
  template: ColumnType<string | null, string | null | undefined, string | null>;
};

export type LoginThrottleTable = {
  key: string;
  failures: number;
  window_started_at: Timestamp;
  blocked_until: Timestamp | null;
};

/** ALTCHA challenges already redeemed, by signature, until they expire (replay protection). */
export type AltchaRedemptionsTable = {
  signature: string;
  expires_at: Timestamp;
};

export type ServerSecretsTable = {
  name: string;
  value: Json<unknown>;
  created_at: Timestamp;
};

export type IdpPayloadsTable = {
  model: string;
  id: string;
  payload: Json<Record<string, unknown>>;
  grant_id: string | null;
  uid: string | null;
  user_code: string | null;
  expires_at: Timestamp | null;
};

export type TemplatesTable = {
  refname: string;
  version: number;
  code: string;
  type: string;
  definition: Json<unknown>;
  loaded_at: Timestamp;
};

export type DocumentsTable = {
  id: Generated<string>;
  owner_id: string;
  template_refname: string;
  template_version: number;
  type: string;
  state: DocumentState;
  step: string;
  values: Json<Record<string, unknown>>;
  registry_fields: Json<string[]>;
  recipient: ColumnType<unknown, string | null, string | null>;
  reference_code: string | null;
  is_official: boolean;
  case_id: string | null;
  caller_authorization_id: string | null;
  digest: string;
  retention_until: Timestamp | null;
  issued_at: ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;
  dismissed_at: ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;
  /** The entity issuing the document on its own behalf (issue #13); null: a citizen's own. */
  issuer_entity_id: ColumnType<string | null, string | null | undefined, string | null>;
  /** The case a reply answers. */
  reply_to_entry_id: ColumnType<string | null, string | null | undefined, string | null>;
  /** The citizen an entity's issued document reaches. */
  recipient_user_id: ColumnType<string | null, string | null | undefined, string | null>;
  recipient_afm: ColumnType<string | null, string | null | undefined, string | null>;
  /** The person a document is addressed to (an authorisation's authorised person), by AFM. */
  addressee_afm: ColumnType<string | null, string | null | undefined, string | null>;
  /** That person's answer: pending, accepted or rejected (recipientAnswerMachine). */
  answer_state: ColumnType<
    RecipientAnswerState | null,
    RecipientAnswerState | null | undefined,
    RecipientAnswerState | null
  >;
  answer_reason: ColumnType<string | null, string | null | undefined, string | null>;
  answered_at: ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;
  created_at: Timestamp;
  updated_at: Timestamp;
};

export type DocumentFilesTable = {
  id: Generated<string>;
  document_id: string;
  field_key: string;
  attachment_index: number;
  filename: string;
  content_type: string;
  size: number;
  sha256: string;
  bytes: ColumnType<Uint8Array, Uint8Array, Uint8Array>;
  created_at: Timestamp;
};

/** A file of POST /api/attachments waiting for a create or update to reference it (0024). */
export type PendingUploadsTable = {
  id: Generated<string>;
  owner_id: string;
  filename: string;
  content_type: string;
  size: number;
  sha256: string;
  bytes: ColumnType<Uint8Array, Uint8Array, Uint8Array>;
  template_refname: string | null;
  field_key: string | null;
  created_at: Timestamp;
  expires_at: Timestamp;
};

/** One upload of a person, counted by UPLOADS_PER_HOUR. */
export type UploadEventsTable = {
  id: Generated<number>;
  user_id: string;
  at: Timestamp;
};

export type DocumentEventsTable = {
  id: Generated<number>;
  document_id: string;
  action: string;
  from_state: DocumentState | null;
  to_state: DocumentState | null;
  step: string | null;
  user_id: string | null;
  at: Timestamp;
};

export type OutboxTable = {
  id: Generated<string>;
  channel: 'sms' | 'email';
  recipient: string;
  message_key: string;
  locale: 'el' | 'en' | 'fr';
  params: Json<Record<string, unknown>>;
  subject: string | null;
  body: string;
  status: Generated<'queued' | 'sending' | 'sent' | 'failed'>;
  attempts: Generated<number>;
  last_error: string | null;
  next_attempt_at: Timestamp;
  provider: string | null;
  provider_message_id: string | null;
  document_id: string | null;
  created_at: Timestamp;
  sent_at: Timestamp | null;
};

/** An event raised in a change's transaction, waiting for its handler (lib/after-commit.ts). */
export type AppEventsTable = {
  id: Generated<string>;
  name: string;
  payload: Json<Record<string, unknown>>;
  created_at: Timestamp;
  attempts: Generated<number>;
  last_error: string | null;
};

/** One run of a step's registry look-ups (issue #36). */
export type RegistryLookupsTable = {
  id: Generated<string>;
  document_id: string;
  step: string;
  plan: Json<RegistryLookupPlan[]>;
  status: 'pending' | 'done' | 'failed';
  results: Json<RegistryLookupResult[]>;
  error_code: string | null;
  created_at: Timestamp;
  finished_at: ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;
};

/** One registry to ask: the key, and which document field each record attribute fills. */
export type RegistryLookupPlan = { registry: string; key: string; fields: Record<string, string> };

/** What one registry gave a step: the fields it filled, and when it answered. */
export type RegistryLookupResult = {
  registry: string;
  fields: string[];
  fetched_at: string;
};

export type OtpChallengesTable = {
  document_id: string;
  code_hash: string;
  mobile: string;
  attempts: Generated<number>;
  sends: Generated<number>;
  last_sent_at: Timestamp;
  expires_at: Timestamp;
  created_at: Timestamp;
};

/** An SMS code sent or a wrong code entered, counted against the limits per citizen and mobile. */
export type OtpLimitEventsTable = {
  id: Generated<number>;
  kind: 'sent' | 'failed';
  user_id: string;
  mobile: string;
  at: Timestamp;
};

/** A joint declaration's consent (issue #35; migration 0027). */
export type JointConsentsTable = {
  id: Generated<string>;
  document_id: string;
  author_id: string;
  state: ConsentState;
  text_digest: string;
  expires_at: Timestamp;
  reminded_at: Timestamp | null;
  closed_reason: 'author_canceled' | 'signatory_declined' | 'expired' | null;
  created_at: Timestamp;
  updated_at: Timestamp;
};

/** One signatory of a consent, the author at position 0, with her own SMS code. */
export type JointSignatoriesTable = {
  id: Generated<string>;
  consent_id: string;
  position: number;
  afm: string;
  firstname: string;
  surname: string;
  user_id: string | null;
  state: SignatoryState;
  signed_digest: string | null;
  signed_at: Timestamp | null;
  dismissed_at: Timestamp | null;
  dismissed_reason: string | null;
  code_hash: string | null;
  code_mobile: string | null;
  code_attempts: Generated<number>;
  code_sends: Generated<number>;
  code_sent_at: Timestamp | null;
  code_expires_at: Timestamp | null;
};

/** A change of e-mail or mobile waiting for its code (issue #38). */
export type ContactChangesTable = {
  user_id: string;
  channel: 'email' | 'mobile';
  address: string;
  code_hash: string;
  attempts: Generated<number>;
  last_sent_at: Timestamp;
  expires_at: Timestamp;
  created_at: Timestamp;
};

/** A code sent for a change of contact details, counted against the hourly and daily limits. */
export type ContactCodeSendsTable = {
  id: Generated<number>;
  user_id: string;
  channel: 'email' | 'mobile';
  address: string;
  at: Timestamp;
};

export type AlertEventsTable = {
  id: Generated<number>;
  user_id: string;
  channel: 'sms' | 'email';
  recipient: string;
  at: Timestamp;
};

export type AlertDigestsTable = {
  user_id: string;
  channel: 'sms' | 'email';
  held: number;
  first_held_at: Timestamp;
  due_at: Timestamp;
  /** '' for a citizen's mailbox; an entity id for a staff member's alerts of that entity. */
  scope: Generated<string>;
};

export type EntityMessageEventsTable = {
  id: Generated<number>;
  entity_id: string;
  at: Timestamp;
};

export type DocumentPdfsTable = {
  document_id: string;
  bytes: ColumnType<Uint8Array, Uint8Array, Uint8Array>;
  sha256: string;
  size: number;
  created_at: Timestamp;
};

export type DocumentTombstonesTable = {
  reference_code: string;
  issued_at: Timestamp | null;
  deleted_at: Timestamp;
};

export type DocumentSharesTable = {
  id: Generated<string>;
  document_id: string;
  firstname: string;
  surname: string;
  afm: string;
  created_at: Timestamp;
};

export type InboxEntriesTable = {
  id: Generated<string>;
  entity_id: string;
  document_id: string | null;
  case_id: string;
  status: Generated<CaseStatus>;
  assignee_id: string | null;
  reference_code: string;
  template_refname: string;
  subject: string;
  citizen_name: string;
  citizen_afm: string | null;
  citizen_name_key: Generated<string>;
  deadline_days: Generated<number>;
  received_at: Timestamp;
  updated_at: Timestamp;
  /** Taken off the entity's lists (a closed case); null while listed. */
  dismissed_at: Timestamp | null;
  /** The latest case event, or the arrival (a trigger fills it from received_at on insert). */
  last_activity_at: Timestamp;
  /** Who made it; null for the citizen's issuance or a job. */
  last_activity_by: string | null;
  /** When it was last finished or canceled; null while open (lib/state-change.ts writes it). */
  closed_at: Timestamp | null;
  /** The motivated decision (issue #41, migration 0042); null while none. */
  decision: ColumnType<
    'accepted' | 'refused' | 'without_action' | null,
    'accepted' | 'refused' | 'without_action' | null | undefined,
    'accepted' | 'refused' | 'without_action' | null
  >;
  decision_reason: ColumnType<string | null, string | null | undefined, string | null>;
  decided_at: ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;
  decided_by: ColumnType<string | null, string | null | undefined, string | null>;
  decision_document_id: ColumnType<string | null, string | null | undefined, string | null>;
};

/** A staff member follows a case (issue #41). */
export type CaseFollowsTable = {
  inbox_entry_id: string;
  user_id: string;
  created_at: Timestamp;
};

/** A correction asked of the citizen (issue #41, migration 0043). */
export type CaseCorrectionsTable = {
  id: Generated<string>;
  inbox_entry_id: string;
  document_id: string;
  reason: string;
  requested_by: string | null;
  requested_at: Timestamp;
  state: CorrectionState;
  draft_document_id: ColumnType<string | null, string | null | undefined, string | null>;
  revoke_previous: Generated<boolean>;
  corrected_at: ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;
};

/** An opinion asked on a case of another entity or of a person (issue #41, migration 0047). */
export type CaseOpinionsTable = {
  id: Generated<string>;
  inbox_entry_id: string;
  asking_entity_id: string;
  expert_entity_id: string | null;
  expert_user_id: string | null;
  question: string;
  /** YYYY-MM-DD (a calendar day, Greek time). */
  deadline: string;
  state: OpinionState;
  requested_by: string | null;
  requested_at: Timestamp;
  answer: ColumnType<string | null, string | null | undefined, string | null>;
  answered_by: ColumnType<string | null, string | null | undefined, string | null>;
  answered_at: ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;
  cancelled_at: ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;
  file_name: ColumnType<string | null, string | null | undefined, string | null>;
  file_content_type: ColumnType<string | null, string | null | undefined, string | null>;
  file_size: ColumnType<number | null, number | null | undefined, number | null>;
  file_sha256: ColumnType<string | null, string | null | undefined, string | null>;
  file_bytes: ColumnType<Uint8Array | null, Uint8Array | null | undefined, Uint8Array | null>;
};

/** A clerk's saved view of an entity's list (issue #41, migration 0044). */
export type SavedViewsTable = {
  id: Generated<string>;
  user_id: string;
  entity_id: string;
  name: string;
  tab: string;
  query: string;
  created_at: Timestamp;
};

/** A typed annotation field of an entity's cases (issue #41, migration 0045). */
export type AnnotationFieldsTable = {
  id: Generated<string>;
  entity_id: string;
  label: string;
  kind: string;
  /** JSON array of the choices of a `choice` field. */
  choices: Generated<string>;
  template_refname: string | null;
  created_at: Timestamp;
};

/** One annotation's value on a case (issue #41, migration 0045). */
export type CaseAnnotationsTable = {
  inbox_entry_id: string;
  field_id: string;
  value: string;
  updated_by: string | null;
  updated_at: Timestamp;
  /** An `attachment` field's PDF (migration 0053); its name is `value`. */
  file_id: ColumnType<string | null, string | null | undefined, string | null>;
  file_bytes: ColumnType<Uint8Array | null, Uint8Array | null | undefined, Uint8Array | null>;
  file_size: ColumnType<number | null, number | null | undefined, number | null>;
  file_sha256: ColumnType<string | null, string | null | undefined, string | null>;
};

/** An export of an entity's cases as a spreadsheet (issue #41, migration 0046). */
export type CaseExportsTable = {
  id: Generated<string>;
  entity_id: string;
  user_id: string;
  format: string;
  tab: string;
  query: string;
  locale: string;
  state: string;
  done: Generated<number>;
  total: number | null;
  file: Buffer | null;
  size: number | null;
  created_at: Timestamp;
  updated_at: Timestamp;
  expires_at: Timestamp | null;
};

/** A voucher programme's bucket (issue #40, migration 0041). */
export type VoucherProgrammesTable = {
  programme: string;
  remaining: number;
  created_at: Timestamp;
};

/** A voucher given: one per programme and beneficiary. */
export type VoucherGrantsTable = {
  programme: string;
  beneficiary_afm: string;
  document_id: string;
  granted_at: Timestamp;
};

/** When a staff member last opened a case (its GET). */
export type CaseReadsTable = {
  inbox_entry_id: string;
  user_id: string;
  seen_at: Timestamp;
};

/** A staff member's own choice of alerts for an entity; none stored: 'none'. */
export type StaffAlertPreferencesTable = {
  user_id: string;
  entity_id: string;
  mode: StaffAlertMode;
  updated_at: Timestamp;
};

export type PermissionsTable = {
  id: Generated<string>;
  user_id: string;
  entity_id: string;
  role: EntityRole;
  state: PermissionState;
  requested_by: string | null;
  decided_by: string | null;
  reason: string | null;
  created_at: Timestamp;
  decided_at: Timestamp | null;
  updated_at: Timestamp;
};

export type InboxCountsTable = {
  entity_id: string;
  status: CaseStatus;
  assignee_id: string;
  n: ColumnType<string | number, number, number>;
};

export type CaseCommentsTable = {
  id: Generated<string>;
  inbox_entry_id: string;
  user_id: string | null;
  comment: string;
  created_at: Timestamp;
};

export type CaseMessagesTable = {
  id: Generated<string>;
  inbox_entry_id: string;
  user_id: string | null;
  direction: 'staff' | 'citizen';
  message: string;
  created_at: Timestamp;
};

/** The one PDF a citizen attached to her message in a case's thread (issue #33). */
export type CaseMessageFilesTable = {
  case_message_id: string;
  filename: string;
  content_type: string;
  size: number;
  sha256: string;
  bytes: ColumnType<Uint8Array, Uint8Array, Uint8Array>;
  created_at: Timestamp;
};

export type CitizenMessageType =
  | 'message'
  | 'wallet-consent-request'
  | 'shared-document'
  | 'user-document'
  | 'user-application'
  | 'incoming-document'
  | 'representative-application';

export type CitizenMessagesTable = {
  id: Generated<string>;
  owner_id: string;
  type: CitizenMessageType;
  status: MessageStatus;
  tsid: ColumnType<string, string | number | bigint, string | number | bigint>;
  state_data: ColumnType<Record<string, unknown>, string, string>;
  document_id: string | null;
  inbox_entry_id: string | null;
  created_at: Timestamp;
  first_retrieved_at: Timestamp | null;
  expires_at: Timestamp | null;
};

export type CaseForwardsTable = {
  id: Generated<string>;
  source_entry_id: string;
  target_entry_id: string;
  target_entity_id: string;
  recipient_dataset: string | null;
  user_id: string | null;
  created_at: Timestamp;
};

export type RecipientDatasetsTable = {
  codename: string;
  title: ColumnType<LocalizedText, string, string>;
  /** The entity that keeps the dataset (its recipient-datasets resource); null: shared. */
  owner_entity_id: ColumnType<string | null, string | null | undefined, string | null>;
};

/** Which templates an entity may issue or reply with (issue #39, migration 0040). */
export type EntityTemplatePermissionsTable = {
  entity_id: string;
  template_refname: string;
  use: EntityTemplateUse;
  granted_by: string | null;
  created_at: Timestamp;
};

export type RecipientDatasetMembersTable = {
  dataset: string;
  entity_id: string;
};

export type CaseEventsTable = {
  id: Generated<number>;
  inbox_entry_id: string;
  action: string;
  user_id: string | null;
  details: ColumnType<Record<string, unknown>, string | undefined, string>;
  at: Timestamp;
};

export type EntityDecisionsTable = {
  id: Generated<number>;
  entity_id: string;
  action: EntityDecision;
  user_id: string | null;
  subject_user_id: string | null;
  permission_id: string | null;
  details: ColumnType<Record<string, unknown>, string | undefined, string>;
  at: Timestamp;
};

export type EntityNotificationsTable = {
  id: Generated<string>;
  entity_id: string;
  message: string;
  is_active: Generated<boolean>;
  created_by: string | null;
  created_at: Timestamp;
  updated_at: Timestamp;
};

export type DocumentAccessLogTable = {
  id: Generated<string>;
  document_id: string;
  kind: AccessLogKind;
  validation_context: string | null;
  entity_id: string | null;
  staff_role: AccessLogStaffRole | null;
  at: Timestamp;
};

export type VaultExportsTable = {
  id: Generated<string>;
  owner_id: string;
  state: VaultExportState;
  done: Generated<number>;
  total: Generated<number>;
  size: ColumnType<string | null, number | null | undefined, number | null>;
  sha256: string | null;
  created_at: Timestamp;
  updated_at: Timestamp;
  expires_at: Timestamp | null;
};

export type VaultExportChunksTable = {
  export_id: string;
  seq: number;
  bytes: ColumnType<Uint8Array, Uint8Array, Uint8Array>;
};

export type DB = {
  entities: EntitiesTable;
  persons: PersonsTable;
  job_heartbeats: JobHeartbeatsTable;
  users: UsersTable;
  sessions: SessionsTable;
  login_attempts: LoginAttemptsTable;
  login_codes: LoginCodesTable;
  login_throttle: LoginThrottleTable;
  altcha_redemptions: AltchaRedemptionsTable;
  server_secrets: ServerSecretsTable;
  idp_payloads: IdpPayloadsTable;
  templates: TemplatesTable;
  documents: DocumentsTable;
  document_files: DocumentFilesTable;
  pending_uploads: PendingUploadsTable;
  upload_events: UploadEventsTable;
  document_events: DocumentEventsTable;
  outbox: OutboxTable;
  app_events: AppEventsTable;
  registry_lookups: RegistryLookupsTable;
  otp_challenges: OtpChallengesTable;
  otp_limit_events: OtpLimitEventsTable;
  contact_changes: ContactChangesTable;
  contact_code_sends: ContactCodeSendsTable;
  alert_events: AlertEventsTable;
  alert_digests: AlertDigestsTable;
  entity_message_events: EntityMessageEventsTable;
  document_pdfs: DocumentPdfsTable;
  document_tombstones: DocumentTombstonesTable;
  document_shares: DocumentSharesTable;
  inbox_entries: InboxEntriesTable;
  case_events: CaseEventsTable;
  case_reads: CaseReadsTable;
  case_follows: CaseFollowsTable;
  voucher_programmes: VoucherProgrammesTable;
  case_corrections: CaseCorrectionsTable;
  case_opinions: CaseOpinionsTable;
  saved_views: SavedViewsTable;
  annotation_fields: AnnotationFieldsTable;
  case_annotations: CaseAnnotationsTable;
  case_exports: CaseExportsTable;
  voucher_grants: VoucherGrantsTable;
  staff_alert_preferences: StaffAlertPreferencesTable;
  case_forwards: CaseForwardsTable;
  recipient_datasets: RecipientDatasetsTable;
  recipient_dataset_members: RecipientDatasetMembersTable;
  permissions: PermissionsTable;
  inbox_counts: InboxCountsTable;
  entity_notifications: EntityNotificationsTable;
  entity_template_permissions: EntityTemplatePermissionsTable;
  case_comments: CaseCommentsTable;
  case_messages: CaseMessagesTable;
  case_message_files: CaseMessageFilesTable;
  citizen_messages: CitizenMessagesTable;
  entity_decisions: EntityDecisionsTable;
  document_access_log: DocumentAccessLogTable;
  vault_exports: VaultExportsTable;
  vault_export_chunks: VaultExportChunksTable;
  joint_consents: JointConsentsTable;
  joint_signatories: JointSignatoriesTable;
  certified_translators: CertifiedTranslatorsTable;
  person_employers: PersonEmployersTable;
  template_permitted_employers: TemplatePermittedEmployersTable;
  template_named_operators: TemplateNamedOperatorsTable;
  step_up_challenges: StepUpChallengesTable;
  kep_confirmations: KepConfirmationsTable;
};

export type Entity = Selectable<EntitiesTable>;
export type NewEntity = Insertable<EntitiesTable>;
export type Person = Selectable<PersonsTable>;
export type NewPerson = Insertable<PersonsTable>;
export type User = Selectable<UsersTable>;
export type Session = Selectable<SessionsTable>;
export type DocumentRow = Selectable<DocumentsTable>;
export type DocumentFileRow = Selectable<DocumentFilesTable>;
export type OutboxRow = Selectable<OutboxTable>;
export type OtpChallengeRow = Selectable<OtpChallengesTable>;
export type InboxEntryRow = Selectable<InboxEntriesTable>;

/** Restricted templates (issue #37, migration 0049). */
export type CertifiedTranslatorsTable = {
  afm: string;
  name: string;
  registered_at: Timestamp;
  revoked_at: Timestamp | null;
};
export type PersonEmployersTable = { afm: string; employer_afm: string; employer_name: string };
export type TemplatePermittedEmployersTable = {
  template_refname: string;
  employer_afm: string;
  employer_name: string;
  created_at: Timestamp;
};
export type TemplateNamedOperatorsTable = {
  template_refname: string;
  afm: string;
  entity_id: string | null;
  created_at: Timestamp;
};

/** A session's step-up code (issue #37, migration 0050). */
export type StepUpChallengesTable = {
  session_id: string;
  user_id: string;
  code_hash: string | null;
  mobile: string;
  attempts: Generated<number>;
  sends: Generated<number>;
  last_sent_at: Timestamp;
  expires_at: Timestamp;
  confirmed_at: Timestamp | null;
  created_at: Timestamp;
};

/** An anonymous request waiting for (or answered by) an officer at a KEP (issue #37). */
export type KepConfirmationsTable = {
  document_id: string;
  code: string;
  state: ColumnType<KepConfirmationState, KepConfirmationState | undefined, KepConfirmationState>;
  expires_at: Timestamp;
  created_at: Timestamp;
  decided_at: Timestamp | null;
  officer_id: string | null;
  entity_id: string | null;
  id_type: string | null;
  id_number: string | null;
  refusal_reason: string | null;
};

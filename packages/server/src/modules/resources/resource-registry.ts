import type {
  Locale,
  ResourceActionRequest,
  ResourceActionResponse,
  ResourceInfo,
  ResourceName,
} from '@dilosi/domain';
import type { TemplateCatalog } from '../templates';
import { auditInfo, runAuditAction } from './audit-resource';
import { notificationsInfo, runNotificationsAction } from './notifications-resource';
import { recipientDatasetsInfo, runRecipientDatasetsAction } from './recipient-datasets-resource';
import type { ResourceServices } from './resource-services';
import {
  runTemplatePermissionsAction,
  templatePermissionsInfo,
} from './template-permissions-resource';
import { runTemplateOperatorsAction, templateOperatorsInfo } from './template-operators-resource';
import { runTemplateEmployersAction, templateEmployersInfo } from './template-employers-resource';

type Resource = {
  info: (catalog: TemplateCatalog) => ResourceInfo;
  run: (
    services: ResourceServices,
    input: { entityId: string; userId: string; locale: Locale; request: ResourceActionRequest },
  ) => Promise<ResourceActionResponse>;
};

/** Every resource an entity's admin list page can show, by name. */
const RESOURCES = {
  notifications: {
    info: () => notificationsInfo,
    run: (services, input) => runNotificationsAction(services.db, input),
  },
  'template-permissions': {
    info: templatePermissionsInfo,
    run: runTemplatePermissionsAction,
  },
  'recipient-datasets': {
    info: () => recipientDatasetsInfo,
    run: (services, input) => runRecipientDatasetsAction(services.db, input),
  },
  audit: {
    info: () => auditInfo,
    run: (services, input) => runAuditAction(services.db, input),
  },
  'template-operators': {
    info: templateOperatorsInfo,
    run: runTemplateOperatorsAction,
  },
  'template-employers': {
    info: templateEmployersInfo,
    run: runTemplateEmployersAction,
  },
} satisfies Record<ResourceName, Resource>;

export const resourceOf = (name: ResourceName): Resource => RESOURCES[name];

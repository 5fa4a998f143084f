import type { AppEventService } from '../../lib/after-commit';
import type { PdfInspector } from '../../lib/pdf-inspection/pdf-inspector';
import type { DocumentServices } from '../documents';
import type { IssuanceServices } from '../issuance';

/**
 * What an entity's documents need: the wizard's services and issuance's (seal, notifier), and
 * the app's events (a citizen's answer raises one).
 */
export type ReplyServices = IssuanceServices & {
  pdfInspector: PdfInspector;
  events: AppEventService;
};

/** The documents module's view of these services. */
export function documentServicesOf(services: ReplyServices): DocumentServices {
  const { catalog, database, config, pdfInspector } = services;
  return { catalog, database, config, pdfInspector, issuance: services };
}

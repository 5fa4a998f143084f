import type { ApiDocument, DocumentWrite } from '@dilosi/domain';
import { AppError } from '../../lib/app-error';
import type { DocumentWriteResponse } from './schemas';

/** 400 invalid_request naming `targets`: a citizen's document answers no case, nor does an update. */
export function targetsNotAllowed(): AppError {
  return new AppError(400, 'invalid_request', {
    invalid_fields: [{ invalid_field: 'targets', error_info: { code: 'not_allowed' } }],
  });
}

/** Refuses `targets` where they mean nothing (a citizen's create, any update). */
export function refuseTargets(body: Pick<DocumentWrite, 'targets'>): void {
  if (body.targets !== undefined && body.targets.length > 0) throw targetsNotAllowed();
}

/** 400 invalid_request naming `document.template`: create needs the template. */
export function templateRequired(): AppError {
  return new AppError(400, 'invalid_request', {
    invalid_fields: [{ invalid_field: 'document.template', error_info: { code: 'required' } }],
  });
}

/**
 * The answer of create and update: `interactive: false` leaves `step_info` out (a client that
 * does not render steps); true or absent (the web wizard) keeps it.
 */
export function writeAnswer(
  document: ApiDocument,
  interactive: boolean | undefined,
): DocumentWriteResponse {
  if (interactive !== false) return { data: { document } };
  const { step_info: _stepInfo, ...rest } = document;
  return { data: { document: rest } };
}

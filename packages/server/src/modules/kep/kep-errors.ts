import { AppError } from '../../lib/app-error';

export const kepCodeNotFound = () => new AppError(404, 'kep_code_not_found');
export const kepCodeExpired = () => new AppError(410, 'kep_code_expired');
export const kepCodeUsed = () => new AppError(409, 'kep_code_used');
export const inPersonNotAllowed = () => new AppError(400, 'in_person_not_allowed');
export const kepDocumentNotFound = () => new AppError(404, 'kep_document_not_found');

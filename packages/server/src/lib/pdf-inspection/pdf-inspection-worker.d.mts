import type { PDFDocument } from 'pdf-lib';

export type WorkerLimits = {
  maxInflatedBytes: number;
  maxObjectStreamBytes: number;
  maxObjects: number;
};
type ScanProblem = 'pdf_too_complex' | 'pdf_active_content' | 'pdf_invalid';

export const ACTIVE_NAMES: string[];
export function scanPdf(bytes: Buffer, limits: WorkerLimits): Promise<ScanProblem | null>;
export function hasActiveObjects(document: PDFDocument): boolean;
export default function inspectPdf(task: {
  bytes: Uint8Array;
  limits: WorkerLimits;
  started?: MessagePort;
}): Promise<ScanProblem | 'pdf_encrypted' | null>;

import crypto from 'node:crypto';
import { formatReferenceCode, type Locale } from '@dilosi/domain';
import type { PdfRenderer } from '../../pdf/render-pool';
import { validationUrlOf } from './document-links';
import type { IssuanceServices } from './issuance-services';

/**
 * The PDF of an issued document, rendered off the request thread and sealed: Greek, with its
 * reference code, issue time and validation QR (none under REFCODE_ENABLED=false), the issuer's
 * name for an entity's document, and the issuing language's text as a translation when that is
 * English or French (docs/pdf.md).
 */
export async function renderSealedPdf(
  services: Pick<IssuanceServices, 'config' | 'renderer' | 'sealer'>,
  input: {
    preview: Parameters<PdfRenderer['render']>[0]['preview'];
    title: string;
    referenceCode: string;
    issuedAt: Date;
    issuer: string | null;
    locale?: Locale | undefined;
  },
): Promise<{ pdf: Buffer; sha256: string }> {
  const { config, renderer, sealer } = services;
  const { referenceCode, locale } = input;
  const unsealed = await renderer.render({
    preview: input.preview,
    referenceCode: config.REFCODE_ENABLED ? formatReferenceCode(referenceCode) : null,
    issuedAt: input.issuedAt,
    validationUrl: config.REFCODE_ENABLED ? validationUrlOf(config, referenceCode) : null,
    title: input.title,
    issuer: input.issuer,
    sealPlaceholder: true,
    sealContentsBytes: sealer.contentsBytes,
    translation: locale === 'en' || locale === 'fr' ? locale : null,
  });
  const pdf = await sealer.seal(unsealed);
  return { pdf, sha256: crypto.createHash('sha256').update(pdf).digest('hex') };
}

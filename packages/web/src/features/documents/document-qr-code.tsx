import { useEffect, useState } from 'react';
import './document-qr-code.css';

/**
 * The QR code of a document's validation address (spec section 9: 180 px, level M). The encoder
 * is loaded only when a QR code is shown, so it stays out of the first download.
 */
export function DocumentQrCode({ url, label }: { url: string; label: string }) {
  const [svg, setSvg] = useState<string | null>(null);
  useEffect(() => {
    let isCurrent = true;
    void import('qrcode')
      .then((QRCode) => QRCode.toString(url, { type: 'svg', errorCorrectionLevel: 'M', margin: 4 }))
      .then((markup) => {
        // The picture is described once, by the wrapper's label.
        if (isCurrent)
          setSvg(markup.replace('<svg ', '<svg aria-hidden="true" focusable="false" '));
      })
      .catch(() => {
        if (isCurrent) setSvg('');
      });
    return () => {
      isCurrent = false;
    };
  }, [url]);
  if (svg === '') return null;
  return (
    <div
      className="dilosi-qrcode"
      role="img"
      aria-label={label}
      aria-busy={svg === null || undefined}
      // The SVG is the encoder's own output for our URL: no user markup is inserted.
      dangerouslySetInnerHTML={svg ? { __html: svg } : undefined}
    />
  );
}

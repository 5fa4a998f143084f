import { useEffect, useState } from 'react';

/**
 * The QR code of an official document's validation address (spec section 9: 180 px, level M),
 * drawn by the `qrcode` library, which is loaded only when a page shows one.
 */
export function QrCodeImage({ value, label }: { value: string; label: string }) {
  const [dataUrl, setDataUrl] = useState<string | null>(null);

  useEffect(() => {
    let isCurrent = true;
    void import('qrcode').then(({ toDataURL }) =>
      toDataURL(value, { errorCorrectionLevel: 'M', width: 180, margin: 1 }).then((url) => {
        if (isCurrent) setDataUrl(url);
      }),
    );
    return () => {
      isCurrent = false;
    };
  }, [value]);

  return dataUrl ? (
    <img className="dilosi-validation__qr" src={dataUrl} width={180} height={180} alt={label} />
  ) : (
    <span className="dilosi-validation__qr" role="img" aria-label={label} />
  );
}

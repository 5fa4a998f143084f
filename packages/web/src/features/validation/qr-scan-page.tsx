import { useCallback, useEffect, useId, useRef, useState, type ChangeEvent } from 'react';
import { Link, useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { paths } from '../../config/paths';
import { PageHeading } from '../../ui/page-heading';
import { loadQrDetector } from './scan/qr-detector';
import { qrTarget } from './scan/qr-target';
import { useContextId } from './use-context-id';
import { ValidationFrame } from './validation-frame';

type ScanMessage =
  | 'starting'
  | 'scanning'
  | 'denied'
  | 'noCamera'
  | 'cameraError'
  | 'unsupported'
  | 'decoderError'
  | 'reading'
  | 'noQr'
  | 'badImage'
  | 'invalidUrl'
  | 'notDocument'
  | 'found';

const ERRORS = new Set<ScanMessage>([
  'denied',
  'noCamera',
  'cameraError',
  'unsupported',
  'decoderError',
  'noQr',
  'badImage',
  'invalidUrl',
  'notDocument',
]);

const FRAME_INTERVAL_MS = 250;

function cameraFailure(error: unknown): ScanMessage {
  const name = error instanceof DOMException ? error.name : '';
  if (name === 'NotAllowedError' || name === 'SecurityError') return 'denied';
  if (name === 'NotFoundError' || name === 'OverconstrainedError') return 'noCamera';
  return 'cameraError';
}

/**
 * QR scanning (/show/q/scan, /show/q/validate[/{contextId}]): the camera through getUserMedia,
 * or a photo or screenshot of the code. A code must lead to a document on this origin; the
 * result opens in the same context.
 */
export function QrScanPage() {
  const { t } = useTranslation('validation-page');
  const navigate = useNavigate();
  const contextId = useContextId();
  const ids = { image: useId(), hint: useId() };
  const videoRef = useRef<HTMLVideoElement>(null);
  const streamRef = useRef<MediaStream | null>(null);
  const [message, setMessage] = useState<ScanMessage | null>(null);
  const [isCameraOn, setIsCameraOn] = useState(false);

  const stopCamera = useCallback(() => {
    streamRef.current?.getTracks().forEach((track) => track.stop());
    streamRef.current = null;
    setIsCameraOn(false);
  }, []);

  useEffect(() => stopCamera, [stopCamera]);

  /** Answers whether the scan is over (a document found, or a code that is not one). */
  const onDecoded = useCallback(
    (values: string[]): boolean => {
      const value = values[0];
      if (value === undefined) return false;
      const target = qrTarget(value, window.location.origin);
      if (!target.ok) {
        setMessage(target.reason);
        return false;
      }
      setMessage('found');
      stopCamera();
      navigate(paths.validation.contextShow.getHref(contextId, target.ref));
      return true;
    },
    [contextId, navigate, stopCamera],
  );

  // While the camera is on, one frame is read every FRAME_INTERVAL_MS.
  useEffect(() => {
    if (!isCameraOn) return;
    let isActive = true;
    let timer: number | undefined;
    const tick = async () => {
      const video = videoRef.current;
      try {
        const detector = await loadQrDetector();
        if (!isActive) return;
        if (video && video.readyState >= 2 && onDecoded(await detector.detect(video))) return;
      } catch {
        if (isActive) setMessage('decoderError');
        return;
      }
      if (isActive) timer = window.setTimeout(() => void tick(), FRAME_INTERVAL_MS);
    };
    void tick();
    return () => {
      isActive = false;
      window.clearTimeout(timer);
    };
  }, [isCameraOn, onDecoded]);

  const startCamera = async () => {
    if (!navigator.mediaDevices?.getUserMedia) return setMessage('unsupported');
    setMessage('starting');
    try {
      const stream = await navigator.mediaDevices.getUserMedia({
        video: { facingMode: 'environment' },
        audio: false,
      });
      streamRef.current = stream;
      if (videoRef.current) {
        videoRef.current.srcObject = stream;
        await videoRef.current.play().catch(() => undefined);
      }
      setIsCameraOn(true);
      setMessage('scanning');
    } catch (error) {
      setMessage(cameraFailure(error));
    }
  };

  const onImage = async (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    if (!file) return;
    setMessage('reading');
    let bitmap: ImageBitmap;
    try {
      bitmap = await createImageBitmap(file);
    } catch {
      return setMessage('badImage');
    }
    try {
      const detector = await loadQrDetector();
      const values = await detector.detect(bitmap);
      if (values.length === 0) setMessage('noQr');
      else onDecoded(values);
    } catch {
      setMessage('decoderError');
    } finally {
      bitmap.close();
    }
  };

  const isError = message !== null && ERRORS.has(message);
  return (
    <ValidationFrame contextId={contextId} inContext={paths.validation.scanValidate.getHref}>
      {() => (
        <div className="dilosi-validation">
          <PageHeading caption={t('caption')}>{t('scan.title')}</PageHeading>
          <p className="govgr-body">{t('scan.intro')}</p>
          {/* One live region announces the camera's state and every scan result. */}
          <div role="status" aria-live="polite" aria-atomic="true">
            {message ? (
              <p className={isError ? 'govgr-error-message' : 'govgr-body'}>
                {t(`scan.${message}`)}
              </p>
            ) : null}
          </div>
          <video
            ref={videoRef}
            className="dilosi-validation__video"
            hidden={!isCameraOn}
            muted
            playsInline
            aria-label={t('scan.video')}
          />
          <div className="dilosi-validation__actions">
            {isCameraOn ? (
              <button type="button" className="govgr-btn govgr-btn-secondary" onClick={stopCamera}>
                {t('scan.stop')}
              </button>
            ) : (
              <button
                type="button"
                className="govgr-btn govgr-btn-primary"
                onClick={() => void startCamera()}
              >
                {t('scan.start')}
              </button>
            )}
          </div>
          <section className="dilosi-validation__section">
            <h2 className="govgr-heading-m">{t('scan.imageTitle')}</h2>
            <div className="govgr-field">
              <label className="govgr-label" htmlFor={ids.image}>
                {t('scan.imageLabel')}
              </label>
              <p id={ids.hint} className="govgr-hint">
                {t('scan.imageHint')}
              </p>
              <input
                id={ids.image}
                type="file"
                accept="image/*"
                className="govgr-file-input"
                aria-describedby={ids.hint}
                onChange={(event) => void onImage(event)}
              />
            </div>
          </section>
          <p className="govgr-body dilosi-validation__section">
            <Link className="govgr-link" to={paths.validation.context.getHref(contextId)}>
              {t('scan.typeInstead')}
            </Link>
          </p>
        </div>
      )}
    </ValidationFrame>
  );
}

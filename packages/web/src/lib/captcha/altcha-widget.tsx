import { useEffect, useRef, useState } from 'react';
// The build without inline styles or an inline worker: the CSP allows neither (style-src
// 'self'); its stylesheet and its worker are served from our own origin.
import 'altcha/altcha.css';
import workerUrl from 'altcha/worker?worker&url';

export type AltchaStrings = {
  label: string;
  verifying: string;
  verified: string;
  error: string;
  expired: string;
};

/**
 * The ALTCHA captcha (https://altcha.org): the `altcha` web component fetches a challenge from
 * GET /api/captcha, solves it in its own workers, and hands back the payload (base64 JSON) the
 * server verifies. It starts on its own (auto="onload"); the element is loaded on first use.
 */
export function AltchaWidget({
  onVerified,
  strings,
  challengeUrl = '/api/captcha',
}: {
  onVerified: (payload: string) => void;
  strings: AltchaStrings;
  challengeUrl?: string;
}) {
  const ref = useRef<HTMLElement | null>(null);
  const [isLoaded, setLoaded] = useState(false);
  const callback = useRef(onVerified);
  useEffect(() => {
    callback.current = onVerified;
  }, [onVerified]);

  useEffect(() => {
    let isCurrent = true;
    void import('altcha/external').then(() => {
      if (isCurrent) setLoaded(true);
    });
    return () => {
      isCurrent = false;
    };
  }, []);

  useEffect(() => {
    const element = ref.current;
    if (!element) return;
    const listener = (event: Event) => {
      const detail = (event as CustomEvent<{ state: string; payload?: string }>).detail;
      if (detail.state === 'verified' && detail.payload) callback.current(detail.payload);
    };
    element.addEventListener('statechange', listener);
    return () => element.removeEventListener('statechange', listener);
  }, [isLoaded]);

  if (!isLoaded) return null;
  return (
    <altcha-widget
      ref={ref}
      challengeurl={challengeUrl}
      workerurl={workerUrl}
      auto="onload"
      hidelogo
      hidefooter
      strings={JSON.stringify(strings)}
    />
  );
}

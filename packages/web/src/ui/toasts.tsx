import { useEffect, useRef, useSyncExternalStore } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import './toasts.css';

/**
 * Snackbars (spec section 9): at most 3 at once, a success one leaves after 5 s. Errors stay
 * longer (30 s) so they can be read; any toast can be closed, and the timer waits while the
 * pointer or the keyboard focus is on it. Shown in live regions that exist before any toast.
 */
export type ToastVariant = 'success' | 'error' | 'info';
/**
 * A toast's text: a function of the app's own texts (`() => t('key')`), read again when the reader
 * switches language while the toast is shown; or a fixed string (the server's answer, in the
 * language its request asked for).
 */
export type ToastText = string | (() => string);
/** A link after the message (spec section 9: "archived", with a link to the archive). */
export type ToastLink = { href: string; label: ToastText };
/**
 * `lang`: for a fixed string, the page's language when the toast was shown. That text stays in
 * its language if the reader switches, and is marked so (WCAG 3.1.2, language of parts).
 */
export type Toast = {
  id: number;
  variant: ToastVariant;
  message: ToastText;
  link?: ToastLink;
  lang?: string;
};

const textOf = (text: ToastText) => (typeof text === 'function' ? text() : text);

export const MAX_TOASTS = 3;
export const TOAST_DURATION_MS = { success: 5_000, info: 5_000, error: 30_000 } as const;

let toasts: Toast[] = [];
let nextId = 1;
const listeners = new Set<() => void>();

function emit(): void {
  for (const listener of listeners) listener();
}

/** Shows a toast; the oldest goes when a fourth arrives. Answers its id. */
export function showToast(variant: ToastVariant, message: ToastText, link?: ToastLink): number {
  const id = nextId++;
  const lang = typeof message === 'string' ? document.documentElement.lang : '';
  toasts = [
    ...toasts,
    { id, variant, message, ...(link ? { link } : {}), ...(lang ? { lang } : {}) },
  ].slice(-MAX_TOASTS);
  emit();
  return id;
}

export function dismissToast(id: number): void {
  const next = toasts.filter((toast) => toast.id !== id);
  if (next.length === toasts.length) return;
  toasts = next;
  emit();
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function useToasts(): Toast[] {
  return useSyncExternalStore(
    subscribe,
    () => toasts,
    () => toasts,
  );
}

function ToastItem({ toast, closeLabel }: { toast: Toast; closeLabel: string }) {
  const paused = useRef(false);
  const remaining = useRef<number>(TOAST_DURATION_MS[toast.variant]);
  useEffect(() => {
    let started = Date.now();
    const tick = window.setInterval(() => {
      const now = Date.now();
      if (!paused.current) remaining.current -= now - started;
      started = now;
      if (remaining.current <= 0) dismissToast(toast.id);
    }, 250);
    return () => window.clearInterval(tick);
  }, [toast.id]);
  const pause = () => {
    paused.current = true;
  };
  const resume = () => {
    paused.current = false;
  };
  return (
    <li
      className={`dilosi-toast dilosi-toast--${toast.variant}`}
      lang={toast.lang}
      onMouseEnter={pause}
      onMouseLeave={resume}
      onFocus={pause}
      onBlur={resume}
    >
      <p className="govgr-body dilosi-toast__message">
        {textOf(toast.message)}
        {toast.link ? (
          <>
            {' '}
            <Link className="govgr-link" to={toast.link.href}>
              {textOf(toast.link.label)}
            </Link>
          </>
        ) : null}
      </p>
      <button
        type="button"
        className="dilosi-toast__close"
        aria-label={closeLabel}
        onClick={() => dismissToast(toast.id)}
      >
        <span aria-hidden="true">×</span>
      </button>
    </li>
  );
}

/**
 * Toasts float over the bottom of the page; the page gets that much room below its end
 * (`--dilosi-toasts-space`, read by styles.css) so that nothing stays hidden under them: the last
 * buttons, a case's tabs at 360 px, scroll up into view.
 */
function useReservedSpace() {
  const region = useRef<HTMLDivElement>(null);
  useEffect(() => {
    const element = region.current;
    if (!element || typeof ResizeObserver === 'undefined') return;
    const root = document.documentElement;
    const observer = new ResizeObserver(() => {
      const height = element.getBoundingClientRect().height;
      if (height > 0) root.style.setProperty('--dilosi-toasts-space', `${Math.ceil(height)}px`);
      else root.style.removeProperty('--dilosi-toasts-space');
    });
    observer.observe(element);
    return () => {
      observer.disconnect();
      root.style.removeProperty('--dilosi-toasts-space');
    };
  }, []);
  return region;
}

/** The toasts of the whole app; rendered once, next to the shell. */
export function ToastRegion() {
  const { t } = useTranslation();
  const current = useToasts();
  const region = useReservedSpace();
  const errors = current.filter((toast) => toast.variant === 'error');
  const others = current.filter((toast) => toast.variant !== 'error');
  const closeLabel = t('toasts.close');
  return (
    <div className="dilosi-toasts" ref={region}>
      {/* Announced at once, like an alert, without being an empty alert on every page. */}
      <div aria-live="assertive" aria-relevant="additions">
        <ul className="dilosi-toasts__list">
          {errors.map((toast) => (
            <ToastItem key={toast.id} toast={toast} closeLabel={closeLabel} />
          ))}
        </ul>
      </div>
      <div role="status" aria-live="polite" aria-label={t('toasts.messages')}>
        <ul className="dilosi-toasts__list">
          {others.map((toast) => (
            <ToastItem key={toast.id} toast={toast} closeLabel={closeLabel} />
          ))}
        </ul>
      </div>
    </div>
  );
}

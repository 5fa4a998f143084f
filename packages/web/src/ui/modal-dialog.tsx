import { useEffect, useId, useRef, type FormEvent, type ReactNode, type Ref } from 'react';
import './modal-dialog.css';

type ModalDialogProps = {
  isOpen: boolean;
  /** Escape, the close button or the caller's own cancel. */
  onClose: () => void;
  title: string;
  children: ReactNode;
  closeLabel: string;
  /** Described by this element too (e.g. a warning), besides the title. */
  describedBy?: string;
};

/**
 * A modal dialog on the native <dialog> element opened with showModal(): the browser makes the
 * rest of the page inert (focus stays inside) and Escape closes it. Labelled by its title; the
 * focus starts on the element marked data-autofocus, if any, and goes back to what had it when
 * the dialog opened.
 */
export function ModalDialog({
  isOpen,
  onClose,
  title,
  children,
  closeLabel,
  describedBy,
}: ModalDialogProps) {
  const ref = useRef<HTMLDialogElement>(null);
  const titleId = useId();
  const opener = useRef<HTMLElement | null>(null);
  const onCloseRef = useRef(onClose);
  useEffect(() => {
    onCloseRef.current = onClose;
  });

  useEffect(() => {
    const dialog = ref.current;
    if (!dialog) return;
    if (isOpen && !dialog.open) {
      opener.current =
        document.activeElement instanceof HTMLElement ? document.activeElement : null;
      if (typeof dialog.showModal === 'function') dialog.showModal();
      else dialog.setAttribute('open', '');
      // The first input (marked data-autofocus) rather than the close button.
      dialog.querySelector<HTMLElement>('[data-autofocus]')?.focus();
    } else if (!isOpen && dialog.open) {
      if (typeof dialog.close === 'function') dialog.close();
      else dialog.removeAttribute('open');
    }
  }, [isOpen]);

  // A dialog its caller unmounts while open fires no close event: give the focus back then too.
  // (StrictMode's rehearsal of an unmount leaves the dialog in the page: nothing to give back.)
  useEffect(() => {
    const dialog = ref.current;
    return () => {
      if (!dialog || dialog.isConnected) return;
      const target = opener.current;
      opener.current = null;
      if (target?.isConnected) target.focus();
    };
  }, []);

  useEffect(() => {
    const dialog = ref.current;
    if (!dialog) return;
    // Escape fires cancel: the parent decides (it closes through isOpen).
    const onCancel = (event: Event) => {
      event.preventDefault();
      onCloseRef.current();
    };
    const onClosed = () => {
      const target = opener.current;
      opener.current = null;
      if (target?.isConnected) target.focus();
    };
    dialog.addEventListener('cancel', onCancel);
    dialog.addEventListener('close', onClosed);
    return () => {
      dialog.removeEventListener('cancel', onCancel);
      dialog.removeEventListener('close', onClosed);
    };
  }, []);

  return (
    <dialog
      ref={ref}
      className="dilosi-dialog"
      aria-modal="true"
      aria-labelledby={titleId}
      aria-describedby={describedBy}
    >
      <div className="dilosi-dialog__header">
        <h2 id={titleId} className="govgr-heading-m dilosi-dialog__title">
          {title}
        </h2>
        <button
          type="button"
          className="dilosi-dialog__close"
          aria-label={closeLabel}
          onClick={onClose}
        >
          <span aria-hidden="true">×</span>
        </button>
      </div>
      {isOpen ? <div className="dilosi-dialog__body">{children}</div> : null}
    </dialog>
  );
}

type ConfirmDialogProps = {
  onClose: () => void;
  title: string;
  closeLabel: string;
  /** The paragraph that says what confirming does. */
  intro?: string;
  /** Why the last attempt failed, announced as an alert. */
  failure?: string | null;
  confirmLabel: string;
  /** Warning for what cannot be undone. */
  confirmStyle?: 'primary' | 'warning';
  isConfirmDisabled?: boolean;
  cancelLabel: string;
  children?: ReactNode;
} & (
  | { onConfirm: () => void; onSubmit?: never; formRef?: never }
  | {
      /** With fields: the body is a form and confirming submits it. */
      onSubmit: (event: FormEvent<HTMLFormElement>) => void;
      formRef?: Ref<HTMLFormElement>;
      onConfirm?: never;
    }
);

/**
 * An open ModalDialog that asks for one action: the intro, the failure of the last attempt, the
 * caller's fields, then confirm and cancel. The caller mounts it while it is to be shown.
 */
export function ConfirmDialog({
  onClose,
  title,
  closeLabel,
  intro,
  failure,
  confirmLabel,
  confirmStyle = 'primary',
  isConfirmDisabled,
  cancelLabel,
  children,
  onConfirm,
  onSubmit,
  formRef,
}: ConfirmDialogProps) {
  const content = (
    <>
      {intro ? <p className="govgr-body">{intro}</p> : null}
      {failure ? (
        <p className="govgr-error-message" role="alert">
          {failure}
        </p>
      ) : null}
      {children}
      <div className="govgr-button-group">
        <button
          type={onSubmit ? 'submit' : 'button'}
          className={`govgr-btn govgr-btn-${confirmStyle}`}
          disabled={isConfirmDisabled}
          onClick={onConfirm}
        >
          {confirmLabel}
        </button>
        <button type="button" className="govgr-btn govgr-btn-secondary" onClick={onClose}>
          {cancelLabel}
        </button>
      </div>
    </>
  );
  return (
    <ModalDialog isOpen onClose={onClose} title={title} closeLabel={closeLabel}>
      {onSubmit ? (
        <form ref={formRef} onSubmit={onSubmit} noValidate>
          {content}
        </form>
      ) : (
        content
      )}
    </ModalDialog>
  );
}

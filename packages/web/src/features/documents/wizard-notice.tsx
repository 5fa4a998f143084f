import { useEffect, useRef, type ReactNode } from 'react';

type WizardNoticeProps = {
  title: string;
  children: ReactNode;
  /** error: something failed; info: the page changed under the citizen (e.g. reloaded). */
  variant: 'error' | 'info';
};

/** A notice above the step that takes focus when it appears, so it is read out first. */
export function WizardNotice({ title, children, variant }: WizardNoticeProps) {
  const ref = useRef<HTMLDivElement>(null);
  useEffect(() => {
    ref.current?.focus();
  }, []);
  if (variant === 'error') {
    return (
      <div
        ref={ref}
        tabIndex={-1}
        role="alert"
        className="govgr-error-summary dilosi-wizard-notice"
      >
        <h2 className="govgr-heading-m">{title}</h2>
        {children}
      </div>
    );
  }
  return (
    <div
      ref={ref}
      tabIndex={-1}
      role="status"
      className="govgr-notification-banner dilosi-wizard-notice"
    >
      <div className="govgr-notification-banner__content">
        <h2 className="govgr-notification-banner__heading govgr-heading-m">{title}</h2>
        {children}
      </div>
    </div>
  );
}

import { useEffect, useRef, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { takePendingHeadingFocus } from './route-focus';

type PageHeadingProps = {
  children: ReactNode;
  /** The document title; defaults to the heading when it is plain text. */
  documentTitle?: string;
  caption?: ReactNode;
};

/** The one h1 of a page. It also sets the document title and takes focus after a navigation. */
export function PageHeading({ children, documentTitle, caption }: PageHeadingProps) {
  const { t } = useTranslation();
  const ref = useRef<HTMLHeadingElement>(null);
  const title = documentTitle ?? (typeof children === 'string' ? children : undefined);
  const appTitle = t('app.title');

  useEffect(() => {
    if (takePendingHeadingFocus()) ref.current?.focus();
  }, []);

  useEffect(() => {
    document.title = title ? `${title} | ${appTitle}` : appTitle;
  }, [title, appTitle]);

  return (
    <>
      {caption ? <span className="govgr-caption-l">{caption}</span> : null}
      <h1 ref={ref} tabIndex={-1} className="govgr-heading-xl dilosi-page-heading">
        {children}
      </h1>
    </>
  );
}

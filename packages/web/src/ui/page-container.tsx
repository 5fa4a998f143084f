import type { ReactNode } from 'react';

type PageContainerProps = {
  children: ReactNode;
  /** Main column only (two thirds), the GOV.GR default for reading pages. */
  narrow?: boolean;
};

/** The width container and grid every shell page sits in. */
export function PageContainer({ children, narrow = true }: PageContainerProps) {
  return (
    <div className="govgr-width-container">
      <div className="govgr-main-wrapper dilosi-main-wrapper">
        {narrow ? <div className="govgr-grid-column-two-thirds">{children}</div> : children}
      </div>
    </div>
  );
}

import { useEffect, useState } from 'react';
import { useLocation } from 'react-router';
import { useTranslation } from 'react-i18next';
import { PageHeading } from './page-heading';

/** After this long a loading page says it is slow; after the second, that it will not load. */
export const SLOW_LOAD_MS = 10_000;
export const FAILED_LOAD_MS = 30_000;

export type SkeletonLayout = 'entity' | 'dashboard' | 'contained' | 'default';

/** The skeleton mimics the layout of the page being loaded, chosen by path prefix. */
export function skeletonLayoutFor(pathname: string): SkeletonLayout {
  if (pathname.startsWith('/dashboard/entities/show')) return 'entity';
  if (pathname === '/dashboard' || pathname.startsWith('/dashboard/')) return 'dashboard';
  if (
    pathname === '/vault' ||
    pathname.startsWith('/vault/') ||
    pathname.startsWith('/templates/')
  ) {
    return 'contained';
  }
  return 'default';
}

type LoadPhase = 'loading' | 'slow' | 'failed';

function useLoadPhase(): LoadPhase {
  const [phase, setPhase] = useState<LoadPhase>('loading');
  useEffect(() => {
    const slow = window.setTimeout(() => setPhase('slow'), SLOW_LOAD_MS);
    const failed = window.setTimeout(() => setPhase('failed'), FAILED_LOAD_MS);
    return () => {
      window.clearTimeout(slow);
      window.clearTimeout(failed);
    };
  }, []);
  return phase;
}

function Bars({ count, className = '' }: { count: number; className?: string }) {
  return (
    <>
      {Array.from({ length: count }, (_, index) => (
        <span key={index} className={`dilosi-skeleton__bar ${className}`} />
      ))}
    </>
  );
}

function SkeletonBlocks({ layout }: { layout: SkeletonLayout }) {
  switch (layout) {
    case 'entity':
      return (
        <div className="dilosi-skeleton__admin">
          <div className="dilosi-skeleton__side">
            <Bars count={6} />
          </div>
          <div className="dilosi-skeleton__content">
            <span className="dilosi-skeleton__bar dilosi-skeleton__bar--title" />
            <Bars count={8} className="dilosi-skeleton__bar--row" />
          </div>
        </div>
      );
    case 'dashboard':
      return (
        <div className="dilosi-skeleton__content">
          <span className="dilosi-skeleton__bar dilosi-skeleton__bar--title" />
          <Bars count={8} className="dilosi-skeleton__bar--row" />
        </div>
      );
    case 'contained':
    case 'default':
      return (
        <div className="dilosi-skeleton__content">
          <span className="dilosi-skeleton__bar dilosi-skeleton__bar--title" />
          <Bars count={4} />
          <span className="dilosi-skeleton__bar dilosi-skeleton__bar--button" />
        </div>
      );
  }
}

/** Loading placeholder for lazy pages and for the configuration fetched at start. */
export function PageSkeleton() {
  const { t } = useTranslation();
  const { pathname } = useLocation();
  const layout = skeletonLayoutFor(pathname);
  const phase = useLoadPhase();
  const isFullWidth = layout === 'entity' || layout === 'dashboard';
  const container = isFullWidth ? 'govgr-full-width-container' : 'govgr-width-container';

  if (phase === 'failed') {
    return (
      <div className={container}>
        <div className="govgr-main-wrapper dilosi-main-wrapper">
          <div className="govgr-grid-column-two-thirds">
            <PageHeading>{t('skeleton.failedTitle')}</PageHeading>
            <p className="govgr-body">{t('skeleton.failedBody')}</p>
            <button
              type="button"
              className="govgr-btn govgr-btn-primary"
              onClick={() => window.location.reload()}
            >
              {t('skeleton.reload')}
            </button>
          </div>
        </div>
      </div>
    );
  }

  return (
    <div className={container} aria-busy="true">
      <div className="govgr-main-wrapper dilosi-main-wrapper">
        <div className={isFullWidth ? 'dilosi-skeleton--full' : 'govgr-grid-column-two-thirds'}>
          <p role="status" className={phase === 'slow' ? 'govgr-body' : 'govgr-visually-hidden'}>
            {phase === 'slow' ? t('skeleton.slow') : t('skeleton.loading')}
          </p>
          <div className="dilosi-skeleton" data-layout={layout} aria-hidden="true">
            <SkeletonBlocks layout={layout} />
          </div>
        </div>
      </div>
    </div>
  );
}

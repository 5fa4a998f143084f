import { Outlet } from 'react-router';
import type { FeatureFlags } from '@dilosi/domain';
import { useAppConfig } from '../api/get-app-config';
import { NotFoundPage } from './lazy-pages';

type FeatureGateProps = {
  flag: keyof FeatureFlags;
  /** The value of the flag that opens the route group. */
  when?: boolean;
};

/** A route group hidden behind a feature flag answers with the not-found page (spec section 2). */
export function FeatureGate({ flag, when = true }: FeatureGateProps) {
  const { flags } = useAppConfig();
  return flags[flag] === when ? <Outlet /> : <NotFoundPage />;
}

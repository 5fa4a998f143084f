export { getHealthRoute } from './get-health';
export { getReadinessRoute } from './get-readiness';
export { createReadiness, type Readiness, type ReadinessState } from './readiness';

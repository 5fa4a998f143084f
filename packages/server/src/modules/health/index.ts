export { getHealthRoute } from './get-health';

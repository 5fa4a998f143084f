export { createRegistry, REGISTRY_CHECKS_OFF, type RegistryServices } from './create-registry';
export {
  bindRegistry,
  registryOf,
  noRegistry,
  type RegistryAnswer,
  type RegistryPort,
  type RegistryRecord,
  type RegistryStatus,
} from './registry-port';
export type { RegistrySimulator } from './registry-simulator';

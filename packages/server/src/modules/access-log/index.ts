export { accessLogRoutes } from './access-log-routes';
export {
  createAccessLog,
  type AccessLog,
  type AccessLogOptions,
  type AccessRecord,
} from './access-log-buffer';
export { purgeAccessLog } from './purge-access-log';
export { accessLogRetentionJob } from './access-log-retention-job';

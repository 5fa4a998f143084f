export {
  createNotifier,
  type NotificationMessage,
  type Notifier,
  type NotifierDependencies,
} from './notifier';
export { devOutboxRoutes } from './dev-outbox-routes';
export { notifyJobs, notifyRetryJob, notifySendJob } from './notify-jobs';
export {
  NOTIFICATION_MESSAGES,
  renderNotification,
  type NotificationChannel,
  type NotificationKey,
  type NotificationParams,
} from './messages';
export { normalizeRecipient } from './recipients';
export { retryDelayMs, type DeliverySummary } from './delivery';
export type { OutboxItem, OutboxPage } from './outbox-schemas';

// The front door of notifications and e-mail (src/notifications): what the other features, the jobs and the entry points use of
// it. Nothing outside the folder imports its files past this one (dependency-cruiser,
// features-enter-by-the-front-door; docs/decisions/0052).
export { transportFor } from './email';
export { emailJob } from './notifications.jobs';
export { notificationOperations } from './notifications.operations';
export {
  notifyQuotaDeferred,
  notifyTestEnding,
  notifyTestFailed,
  notifyTestPaused,
  notifyTestStarted,
} from './title-test-events';
export { UNSUBSCRIBE_PATH } from './unsubscribe-link';
export { registerUnsubscribeRoutes } from './unsubscribe-routes';

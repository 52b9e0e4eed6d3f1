// The YouTube gateway: the only code that talks to Google's YouTube APIs. Every operation takes
// the Dependencies and a channel connection, records each call in the quota ledger, and fails
// with the typed errors of ./errors.
export { analyticsDailyReport, importAnalytics } from './analytics';
export type { DailyReachMetrics, DailyWatchMetrics } from './daily-metrics';
export {
  AuthorizationLostError,
  InvalidMetadataError,
  InvalidRequestError,
  NotFoundError,
  PermissionDeniedError,
  QuotaExhaustedError,
  TransientError,
  YouTubeGatewayError,
  type GatewayFailureKind,
} from './errors';
export { ReachCsvError, parseReachCsv } from './reach-csv';
export {
  REACH_REPORT_TYPE,
  downloadReachReport,
  ensureReachJob,
  importReachData,
  listReachReports,
  type ReachImport,
  type ReachReportRef,
} from './reporting';
export {
  batchStatistics,
  findVideo,
  listRecentUploads,
  readSnippet,
  setTitle,
  type RecentUpload,
  type SetTitleResult,
  type VideoSnippet,
  type VideoStatistics,
} from './videos';

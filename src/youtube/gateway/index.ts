// The YouTube gateway: the only code that talks to Google's YouTube APIs. Every API operation
// takes the ServiceContext and a channel connection, records each call in the quota ledger, and fails
// with the typed errors of ./errors (fetching a served thumbnail image is no API call: no grant,
// no quota).
export { importAnalytics } from './analytics';
export {
  AuthorizationLostError,
  CustomThumbnailsForbiddenError,
  InvalidMetadataError,
  QuotaExhaustedError,
  TransientError,
} from './errors';
export { importReachData } from './reporting';
export { fetchServedThumbnail, mayUploadCustomThumbnails, setThumbnail } from './thumbnails';
export { batchStatistics, listRecentUploads, readSnippet, setTitle } from './videos';

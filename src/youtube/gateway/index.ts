// The YouTube gateway: the only code that talks to Google's YouTube APIs. Every operation takes
// the Dependencies and a channel connection, records each call in the quota ledger, and fails
// with the typed errors of ./errors.
export { importAnalytics } from './analytics';
export { AuthorizationLostError, InvalidMetadataError, QuotaExhaustedError, TransientError } from './errors';
export { importReachData } from './reporting';
export { batchStatistics, listRecentUploads, readSnippet, setTitle } from './videos';

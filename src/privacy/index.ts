// The front door of disconnecting, retention and account deletion (src/privacy): what the other features, the jobs and the entry points use of
// it. Nothing outside the folder imports its files past this one (dependency-cruiser,
// features-enter-by-the-front-door; docs/decisions/0052).
export { eraseChannelConnection } from './channel-data';
export { disconnectJob } from './disconnect-channel';
export { eraseAccountJob, retentionJob } from './privacy.jobs';
export { accountOperations } from './privacy.operations';

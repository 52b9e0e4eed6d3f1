// The front door of the audit log (src/audit): what the other features, the jobs and the entry points use of
// it. Nothing outside the folder imports its files past this one (dependency-cruiser,
// features-enter-by-the-front-door; docs/decisions/0052).
export { recordAudit, testAuditState } from './audit-log';

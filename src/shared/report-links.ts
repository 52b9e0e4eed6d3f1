// The shared report link and the past-tests history: words the server answers and the web app
// shows (docs/product.md#shared-report-links). Pure (no Node imports), so web/ imports it too.

/** The public page a report link opens; the token travels as `token` so request logs redact it. */
export const REPORT_PAGE_PATH = '/report';

/** The public page of one token: `/report?token=…`. */
export function reportPagePath(token: string): string {
  return `${REPORT_PAGE_PATH}?${new URLSearchParams({ token })}`;
}

/** What the public read answers for a token that never named a link (404). */
export const REPORT_LINK_UNKNOWN = 'This report link does not exist.';
/** What the public read answers once the owner revoked the link (404, not the report). */
export const REPORT_LINK_REVOKED = 'This report link was revoked.';
/** Revoking when the test has no live link (404, nothing changes). */
export const NO_LIVE_REPORT_LINK = 'This test has no live report link.';

/** Report reads one address may make per minute (src/api/declare/rate-limits.ts): a person reading, not a crawler. */
export const REPORT_READS_PER_WINDOW = 60;

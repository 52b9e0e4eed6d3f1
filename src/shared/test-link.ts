// Where a creator opens one test: the dashboard with that test's card expanded and scrolled to.
// The server writes it into notifications and e-mails; the web app's dashboard route reads it.

/** The dashboard's search parameter naming the test to open. */
export const TEST_SEARCH_PARAM = 'test';

/** "/dashboard?test=<id>": the dashboard, opened at one test's card. */
export function testPath(testId: string): string {
  return `/dashboard?${TEST_SEARCH_PARAM}=${encodeURIComponent(testId)}`;
}

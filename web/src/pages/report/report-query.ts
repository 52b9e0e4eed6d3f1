import { useQuery } from '@tanstack/react-query';
import { fetchPublicJson, PublicReadError } from '../../api/public-json';
import type { PublicReport } from '#server/reports/reports.schemas';
import { REPORT_LINK_REVOKED, REPORT_LINK_UNKNOWN } from '#shared/report-links';

/** Why a report cannot be shown: the link was revoked, never existed, or the read failed. */
export type ReportProblem =
  | { kind: 'revoked'; message: string }
  | { kind: 'unknown'; message: string }
  | { kind: 'failed'; message: string };

export class ReportError extends Error {
  constructor(readonly problem: ReportProblem) {
    super(problem.message);
  }
}

function problemOf(status: number, message: string): ReportProblem {
  if (status === 404 && message === REPORT_LINK_REVOKED) return { kind: 'revoked', message };
  if (status === 404 || status === 400) return { kind: 'unknown', message: REPORT_LINK_UNKNOWN };
  return { kind: 'failed', message };
}

/** The public report of a link's token, over REST (GET /api/reports?token=…), without a session. */
async function fetchReport(token: string, signal: AbortSignal): Promise<PublicReport> {
  try {
    return await fetchPublicJson<PublicReport>('/api/reports', { token }, signal);
  } catch (error) {
    if (error instanceof PublicReadError) throw new ReportError(problemOf(error.status, error.message));
    throw error;
  }
}

export function usePublicReport(token: string | null) {
  return useQuery<PublicReport, Error>({
    queryKey: ['public-report', token],
    queryFn: ({ signal }) => fetchReport(token!, signal),
    enabled: token !== null,
  });
}

import { useQuery } from '@tanstack/react-query';
import type { PublicReport } from '../../../../src/reports/reports.schemas';
import { REPORT_LINK_REVOKED, REPORT_LINK_UNKNOWN } from '../../../../src/shared/report-links';

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

/**
 * The public report of a link's token, over REST (GET /api/reports?token=…), without a session:
 * the token travels as `token`, which the server's request log redacts.
 */
async function fetchReport(token: string, signal: AbortSignal): Promise<PublicReport> {
  const response = await fetch(`/api/reports?${new URLSearchParams({ token })}`, {
    credentials: 'omit',
    signal,
  });
  const text = await response.text();
  if (!response.ok) {
    let message = text || response.statusText;
    try {
      message = (JSON.parse(text) as { error?: string }).error ?? message;
    } catch {
      // Not JSON: the status text says enough.
    }
    throw new ReportError(problemOf(response.status, message));
  }
  return JSON.parse(text) as PublicReport;
}

export function usePublicReport(token: string | null) {
  return useQuery<PublicReport, Error>({
    queryKey: ['public-report', token],
    queryFn: ({ signal }) => fetchReport(token!, signal),
    enabled: token !== null,
  });
}

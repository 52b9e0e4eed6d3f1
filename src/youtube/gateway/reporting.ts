import { eq } from 'drizzle-orm';
import { channelConnections } from '../../../db/schema';
import type { ServiceContext } from '../../context/service-context';
import type { ChannelConnection } from '../../channels';
import { storeReachMetrics, storeWithin, type DailyMetricsStored } from './daily-metrics';
import { InvalidRequestError } from './errors';
import { openChannelClient, type ChannelClient } from './gateway-client';
import { parseReachCsv } from './reach-csv';

/** Impressions and impressions CTR per video per day come only from this bulk report (docs/youtube.md). */
export const REACH_REPORT_TYPE = 'channel_reach_basic_a1';

export interface ReachReportRef {
  id: string;
  startTime: Date;
  endTime: Date;
  createTime: Date;
  downloadUrl: string;
}

/**
 * The channel's reach reporting job, created when missing (first files ~48 h later, covering
 * the previous 30 days). Its id is kept on the connection.
 */
export async function ensureReachJob(app: ServiceContext, connection: ChannelConnection): Promise<string> {
  if (connection.reportingJobId) return connection.reportingJobId;
  const client = openChannelClient(app, connection);
  const existing = async () => {
    const response = await client.call('youtubereporting.jobs.list', () => client.reporting.jobs.list({}));
    return response.data.jobs?.find((job) => job.reportTypeId === REACH_REPORT_TYPE && job.id)?.id ?? null;
  };
  let jobId = await existing();
  if (!jobId) {
    try {
      const created = await client.call('youtubereporting.jobs.create', () =>
        client.reporting.jobs.create({
          requestBody: { reportTypeId: REACH_REPORT_TYPE, name: 'Titlewise reach' },
        }),
      );
      jobId = created.data.id ?? null;
    } catch (error) {
      // Created meanwhile by another process: use that one.
      if (!(error instanceof InvalidRequestError && error.reason === 'alreadyExists')) throw error;
      jobId = await existing();
    }
  }
  if (!jobId) throw new InvalidRequestError('noJob', 'YouTube did not return a reporting job id.');
  await app.db
    .update(channelConnections)
    .set({ reportingJobId: jobId })
    .where(eq(channelConnections.id, connection.id));
  connection.reportingJobId = jobId;
  return jobId;
}

async function listReports(client: ChannelClient, jobId: string): Promise<ReachReportRef[]> {
  const reports: ReachReportRef[] = [];
  let pageToken: string | undefined;
  do {
    const response = await client.call(
      'youtubereporting.reports.list',
      () => client.reporting.jobs.reports.list({ jobId, ...(pageToken ? { pageToken } : {}) }),
      { notFound: 'The reach reporting job' },
    );
    for (const report of response.data.reports ?? []) {
      if (!report.id || !report.startTime || !report.endTime || !report.createTime || !report.downloadUrl)
        continue;
      reports.push({
        id: report.id,
        startTime: new Date(report.startTime),
        endTime: new Date(report.endTime),
        createTime: new Date(report.createTime),
        downloadUrl: report.downloadUrl,
      });
    }
    pageToken = response.data.nextPageToken ?? undefined;
  } while (pageToken);
  return reports;
}

/** The reach reports available for the channel's job, oldest period first. */
export async function listReachReports(
  app: ServiceContext,
  connection: ChannelConnection,
): Promise<ReachReportRef[]> {
  const jobId = await ensureReachJob(app, connection);
  const reports = await listReports(openChannelClient(app, connection), jobId);
  return reports.sort((a, b) => a.startTime.getTime() - b.startTime.getTime());
}

/**
 * Downloads one report through the media endpoint with the channel's credentials. The
 * download URL must point at the configured Reporting API: the bearer token goes nowhere else.
 */
async function downloadReport(
  app: ServiceContext,
  client: ChannelClient,
  report: ReachReportRef,
): Promise<string> {
  const root = new URL(app.config.google.endpoints.reportingRootUrl);
  const url = new URL(report.downloadUrl);
  const marker = '/v1/media/';
  if (url.origin !== root.origin || !url.pathname.startsWith(marker)) {
    throw new InvalidRequestError('foreignDownloadUrl', `Refusing to download a report from ${url.origin}.`);
  }
  const resourceName = decodeURIComponent(url.pathname.slice(marker.length));
  const response = await client.call(
    'youtubereporting.media.download',
    () => client.reporting.media.download({ resourceName, alt: 'media' }, { responseType: 'text' }),
    { notFound: `Reach report ${report.id}` },
  );
  // responseType 'text' makes the body a string whatever the typings say.
  const body: unknown = response.data;
  if (typeof body !== 'string')
    throw new InvalidRequestError('notCsv', `Reach report ${report.id} did not download as text.`);
  return body;
}

export interface ReachImport {
  reportsImported: number;
  rowsStored: number;
  /** End of the newest day with reach data, or null while no report has arrived. */
  dataThrough: Date | null;
}

/**
 * Downloads the reach reports not imported yet (periods ending after the connection's
 * reachDataThrough; for a period delivered twice, the newest file) and stores impressions
 * and CTR per video and day in daily_metrics. The connection object passed in is kept in step
 * with the row (reportingJobId, reachDataThrough). `onStored` runs in each store's transaction.
 */
export async function importReachData(
  app: ServiceContext,
  connection: ChannelConnection,
  onStored?: DailyMetricsStored,
): Promise<ReachImport> {
  const reports = await listReachReports(app, connection);
  const through = connection.reachDataThrough?.getTime() ?? 0;
  const newestPerPeriod = new Map<number, ReachReportRef>();
  for (const report of reports) {
    if (report.endTime.getTime() <= through) continue;
    const known = newestPerPeriod.get(report.startTime.getTime());
    if (!known || known.createTime < report.createTime)
      newestPerPeriod.set(report.startTime.getTime(), report);
  }
  const client = openChannelClient(app, connection);
  let rowsStored = 0;
  for (const report of [...newestPerPeriod.values()].sort(
    (a, b) => a.startTime.getTime() - b.startTime.getTime(),
  )) {
    const rows = parseReachCsv(await downloadReport(app, client, report));
    const fetchedAt = app.clock.now();
    await storeWithin(
      app.db,
      rows,
      (db, own) => storeReachMetrics(db, own, { fetchedAt, channelId: connection.youtubeChannelId }),
      onStored,
    );
    rowsStored += rows.length;
    // Saved per report, oldest first, so an interrupted import resumes where it stopped.
    if (!connection.reachDataThrough || report.endTime > connection.reachDataThrough) {
      await app.db
        .update(channelConnections)
        .set({ reachDataThrough: report.endTime })
        .where(eq(channelConnections.id, connection.id));
      connection.reachDataThrough = report.endTime;
    }
  }
  return { reportsImported: newestPerPeriod.size, rowsStored, dataThrough: connection.reachDataThrough };
}

import { randomBytes } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { simReportingJobs } from '../../db/schema';
import type { SimulatorOptions } from './plugin';
import { admitReportingRequest } from './data-request';
import { sendGoogleError } from './google-errors';
import {
  availableReports,
  dayOfReportId,
  reachCsv,
  REACH_REPORT_TYPE,
  type ReachReport,
} from './reach-report';
import { titleHistories, videosOfAccount } from './video-store';
import { simulatorBaseUrl } from './videos-routes';

type Job = typeof simReportingJobs.$inferSelect;

const createJobBody = z.object({ reportTypeId: z.string(), name: z.string().max(100).default('') });
const reportsQuery = z.object({
  createdAfter: z.iso.datetime({ offset: true }).optional(),
  startTimeAtOrAfter: z.iso.datetime({ offset: true }).optional(),
  startTimeBefore: z.iso.datetime({ offset: true }).optional(),
  pageSize: z.coerce.number().int().min(1).max(1000).optional(),
  pageToken: z.string().optional(),
});

const jobResource = (job: Job) => ({
  id: job.id,
  reportTypeId: job.reportTypeId,
  name: job.name,
  createTime: job.createTime.toISOString(),
});

/** YouTube Reporting API v1: jobs, their daily reports, and media download of the CSVs. */
export function registerReportingRoutes(app: FastifyInstance, options: SimulatorOptions): void {
  const { db } = options;
  const findJob = async (accountId: string, jobId: string) =>
    (
      await db
        .select()
        .from(simReportingJobs)
        .where(and(eq(simReportingJobs.id, jobId), eq(simReportingJobs.accountId, accountId)))
        .limit(1)
    )[0] ?? null;

  app.get('/v1/jobs', async (request, reply) => {
    const caller = await admitReportingRequest(options, request, reply, 'reporting');
    if (!caller) return reply;
    const jobs = await db
      .select()
      .from(simReportingJobs)
      .where(eq(simReportingJobs.accountId, caller.account.id));
    return reply.send(jobs.length > 0 ? { jobs: jobs.map(jobResource) } : {});
  });

  app.post('/v1/jobs', async (request, reply) => {
    const caller = await admitReportingRequest(options, request, reply, 'reporting');
    if (!caller) return reply;
    const body = createJobBody.safeParse(request.body ?? {});
    if (!body.success || body.data.reportTypeId !== REACH_REPORT_TYPE) {
      return sendGoogleError(
        reply,
        400,
        'invalidArgument',
        `Unknown or unsupported reportTypeId; the simulator offers ${REACH_REPORT_TYPE}.`,
        'global',
      );
    }
    const [existing] = await db
      .select()
      .from(simReportingJobs)
      .where(
        and(
          eq(simReportingJobs.accountId, caller.account.id),
          eq(simReportingJobs.reportTypeId, body.data.reportTypeId),
        ),
      )
      .limit(1);
    if (existing)
      return sendGoogleError(
        reply,
        409,
        'alreadyExists',
        'Job for this report type already exists.',
        'global',
      );
    const [job] = await db
      .insert(simReportingJobs)
      .values({
        id: randomBytes(18).toString('base64url'),
        accountId: caller.account.id,
        reportTypeId: body.data.reportTypeId,
        name: body.data.name,
        createTime: caller.now,
      })
      .returning();
    return reply.send(jobResource(job!));
  });

  app.get('/v1/jobs/:jobId/reports', async (request, reply) => {
    const caller = await admitReportingRequest(options, request, reply, 'reporting');
    if (!caller) return reply;
    const job = await findJob(caller.account.id, (request.params as { jobId: string }).jobId);
    if (!job) return sendGoogleError(reply, 404, 'notFound', 'Requested entity was not found.', 'global');
    const query = reportsQuery.safeParse(request.query);
    if (!query.success)
      return sendGoogleError(reply, 400, 'invalidArgument', 'Invalid report filters.', 'global');
    const { createdAfter, startTimeAtOrAfter, startTimeBefore, pageSize = 100, pageToken } = query.data;
    const matching = availableReports(job.createTime, caller.now)
      .filter((report) => !createdAfter || report.createTime > new Date(createdAfter))
      .filter((report) => !startTimeAtOrAfter || report.startTime >= new Date(startTimeAtOrAfter))
      .filter((report) => !startTimeBefore || report.startTime < new Date(startTimeBefore))
      .reverse(); // newest first, as Google lists them
    const offset = pageToken ? Number(Buffer.from(pageToken, 'base64url').toString('utf8')) || 0 : 0;
    const page = matching.slice(offset, offset + pageSize);
    const baseUrl = simulatorBaseUrl(request, options.prefix);
    const resource = (report: ReachReport) => ({
      id: report.id,
      jobId: job.id,
      startTime: report.startTime.toISOString(),
      endTime: report.endTime.toISOString(),
      createTime: report.createTime.toISOString(),
      downloadUrl: `${baseUrl}/v1/media/CHANNEL/${caller.account.channelId}/jobs/${job.id}/reports/${report.id}?alt=media`,
    });
    const next =
      offset + pageSize < matching.length
        ? Buffer.from(String(offset + pageSize)).toString('base64url')
        : null;
    return reply.send({
      ...(page.length > 0 ? { reports: page.map(resource) } : {}),
      ...(next ? { nextPageToken: next } : {}),
    });
  });

  app.get('/v1/media/*', async (request, reply) => {
    const caller = await admitReportingRequest(options, request, reply, 'reporting');
    if (!caller) return reply;
    const resourceName = (request.params as { '*': string })['*'];
    const match = /^CHANNEL\/([^/]+)\/jobs\/([^/]+)\/reports\/([^/]+)$/.exec(resourceName);
    const job =
      match && match[1] === caller.account.channelId ? await findJob(caller.account.id, match[2]!) : null;
    const day = match ? dayOfReportId(match[3]!) : null;
    const report =
      job && day
        ? availableReports(job.createTime, caller.now).find((candidate) => candidate.day === day)
        : null;
    if (!report) return sendGoogleError(reply, 404, 'notFound', 'Requested entity was not found.', 'global');
    const videos = (await videosOfAccount(db, caller.account.id)).filter(
      (video) => video.publishedAt < report.endTime,
    );
    const histories = await titleHistories(
      db,
      videos.map((video) => video.id),
    );
    return reply
      .type('application/octet-stream')
      .send(reachCsv(report.day, caller.account.channelId, videos, histories));
  });
}

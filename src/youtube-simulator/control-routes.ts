import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { isControllableClock as isControllable } from '../platform/clock';
import type { SimulatorOptions } from './plugin';
import { registerAccountControls } from './account-control-routes';
import { faultKinds, faultTargets } from './faults';
import { quotaState } from './quota';
import { setDailyQuota } from './settings-store';
import { ruleOnSnippet } from './snippet-rules';
import { setCustomThumbnailsAllowed, setThumbnailTruth, thumbnailHistories } from './thumbnail-store';
import { findAccount } from './identity-store';
import { findVideos, replaceSnippet, titleHistories } from './video-store';
import { titleTruthOn } from './title-habits';
import { videoTruth } from './video-traffic';

const loopback = new Set(['127.0.0.1', '::1', '::ffff:127.0.0.1']);

const advanceBody = z
  .object({
    ms: z.number().int().min(0).optional(),
    hours: z.number().min(0).optional(),
    days: z.number().min(0).optional(),
  })
  .refine(
    (body) => body.ms !== undefined || body.hours !== undefined || body.days !== undefined,
    'Give ms, hours or days.',
  );
const faultBody = z.object({
  target: z.enum(faultTargets),
  kind: z.enum(faultKinds),
  times: z.number().int().min(1).max(1000).default(1),
  delayMs: z.number().int().min(0).max(600_000).optional(),
});
const quotaBody = z.object({ dailyQuota: z.number().int().min(0) });
const customThumbnailsBody = z.object({ allowed: z.boolean() });
/** A ground-truth CTR multiplier for one image (by its SHA-256, hex); null returns it to the bytes' own. */
const thumbnailTruthBody = z.object({ ctrMultiplier: z.number().positive().max(10).nullable() });
const sha256Param = /^[0-9a-f]{64}$/;
/** A creator's edit in YouTube Studio: fields given change, the rest stay (unlike videos.update). */
const studioEditBody = z.object({
  title: z.string().optional(),
  description: z.string().optional(),
  tags: z.array(z.string()).nullable().optional(),
  categoryId: z.string().optional(),
  defaultLanguage: z.string().nullable().optional(),
  defaultAudioLanguage: z.string().nullable().optional(),
});

/**
 * Test and benchmark controls: move the clock (through the app's fast-forward when it gives one,
 * so every job missed meanwhile runs in time order), inject faults, set the quota, act as the
 * creator in Studio, let a channel set custom thumbnails or not, read and set the ground truth. Mounted only with the simulator, answered only on
 * loopback, and JSON-only so a web page elsewhere cannot post a form to it.
 */
export function registerControlRoutes(app: FastifyInstance, options: SimulatorOptions): void {
  void app.register(
    async (control) => {
      control.addHook('onRequest', async (request, reply) => {
        if (!loopback.has(request.ip))
          return reply.code(403).send({ error: 'The simulator control API answers on loopback only.' });
        if (request.method !== 'GET' && !request.headers['content-type']?.startsWith('application/json')) {
          return reply.code(415).send({ error: 'Send JSON.' });
        }
      });

      registerAccountControls(control, options);

      control.get('/state', async () => ({
        now: options.clock.now().toISOString(),
        clockControllable: isControllable(options.clock),
        quota: await quotaState(options.db, options.clock.now()),
        faults: options.faults.pending(),
      }));

      control.post('/clock/advance', async (request, reply) => {
        if (!isControllable(options.clock))
          return reply.code(409).send({ error: 'This server runs on the system clock.' });
        const body = advanceBody.parse(request.body);
        const ms = (body.ms ?? 0) + (body.hours ?? 0) * 3_600_000 + (body.days ?? 0) * 86_400_000;
        const { clock, fastForward } = options;
        if (!fastForward) return { now: clock.advance(Math.round(ms)).toISOString() };
        // One move at a time (the app's simulated time queues them), each from where the last ended.
        const { steps, failures } = await fastForward(Math.round(ms));
        return { now: clock.now().toISOString(), steps, failures };
      });

      control.post('/faults', async (request) => {
        const body = faultBody.parse(request.body);
        options.faults.inject(
          body.target,
          body.kind,
          body.times,
          body.delayMs === undefined ? {} : { delayMs: body.delayMs },
        );
        return { pending: options.faults.pending() };
      });

      control.delete('/faults', async () => {
        options.faults.clear();
        return { pending: [] };
      });

      control.post('/quota', async (request) => {
        await setDailyQuota(options.db, quotaBody.parse(request.body).dailyQuota);
        return quotaState(options.db, options.clock.now());
      });

      control.post('/videos/:videoId/studio-edit', async (request, reply) => {
        const [video] = await findVideos(options.db, [(request.params as { videoId: string }).videoId]);
        if (!video) return reply.code(404).send({ error: 'No such video.' });
        const edit = studioEditBody.parse(request.body);
        const current = {
          title: video.title,
          description: video.description,
          tags: video.tags,
          categoryId: video.categoryId,
          defaultLanguage: video.defaultLanguage,
          defaultAudioLanguage: video.defaultAudioLanguage,
        };
        // undefined keeps a field, null removes it; the result goes through YouTube's rules.
        const edited = {
          ...current,
          ...Object.fromEntries(Object.entries(edit).filter(([, value]) => value !== undefined)),
        };
        const merged = Object.fromEntries(Object.entries(edited).filter(([, value]) => value !== null));
        const ruling = ruleOnSnippet(merged);
        if (!ruling.ok) return reply.code(400).send({ error: ruling.message });
        const updated = await replaceSnippet(options.db, video.id, ruling.snippet, options.clock.now());
        return { id: updated.id, title: updated.title, description: updated.description, tags: updated.tags };
      });

      // A channel YouTube has not verified may not set custom thumbnails: thumbnails.set answers 403.
      control.post('/accounts/:accountId/custom-thumbnails', async (request, reply) => {
        const { accountId } = request.params as { accountId: string };
        if (!(await findAccount(options.db, accountId)))
          return reply.code(404).send({ error: 'No such account.' });
        const { allowed } = customThumbnailsBody.parse(request.body);
        await setCustomThumbnailsAllowed(options.db, accountId, allowed);
        return { accountId, customThumbnailsAllowed: allowed };
      });

      control.post('/videos/:videoId/thumbnails/:sha256/truth', async (request, reply) => {
        const { videoId, sha256 } = request.params as { videoId: string; sha256: string };
        if (!sha256Param.test(sha256))
          return reply.code(400).send({ error: 'Name the image by its SHA-256 in lower-case hex.' });
        const [video] = await findVideos(options.db, [videoId]);
        if (!video) return reply.code(404).send({ error: 'No such video.' });
        const { ctrMultiplier } = thumbnailTruthBody.parse(request.body);
        await setThumbnailTruth(options.db, video.id, sha256, ctrMultiplier);
        return { videoId: video.id, sha256, ctrMultiplier };
      });

      control.get('/videos/:videoId/truth', async (request, reply) => {
        const [video] = await findVideos(options.db, [(request.params as { videoId: string }).videoId]);
        if (!video) return reply.code(404).send({ error: 'No such video.' });
        const now = options.clock.now();
        const [histories, thumbnailChanges] = await Promise.all([
          titleHistories(options.db, [video.id]),
          thumbnailHistories(options.db, [video.id]),
        ]);
        // The title history alone: a thumbnail change is listed under thumbnails, not as a title.
        const history = (histories.get(video.id) ?? []).filter(
          (change, index, all) => index === 0 || change.title !== all[index - 1]!.title,
        );
        return {
          video: {
            ...videoTruth(video),
            publishedAt: video.publishedAt.toISOString(),
            durationSec: video.durationSec,
          },
          titles: history.map((change) => ({
            title: change.title,
            since: change.since.toISOString(),
            truth: titleTruthOn(video, change.title),
          })),
          // Custom thumbnails set through thumbnails.set; before the first, the original (multiplier 1).
          thumbnails: (thumbnailChanges.get(video.id) ?? []).map((change) => ({
            sha256: change.sha256,
            since: change.since.toISOString(),
            ctrMultiplier: change.ctrMultiplier,
            overridden: change.overridden,
          })),
          asOf: now.toISOString(),
        };
      });
    },
    { prefix: '/control' },
  );
}

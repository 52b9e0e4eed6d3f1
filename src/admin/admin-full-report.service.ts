import { and, eq, gte, lte, sum } from 'drizzle-orm';
import { quotaLedger } from '../../db/schema';
import type { ServiceContext } from '../context/service-context';
import { notFound } from '../errors/app-error';
import { quotaCosts } from '../youtube/quota-ledger';
import { unitsPerSwitch } from '../capacity';
import {
  windowStandings,
  rotationFigures,
  dailyMetricsOfTest,
  viewSamplesOfTest,
  latestSamplesOf,
  testFiguresForAdmin,
  loadTestRecord,
  type TestRecord,
} from '../title-tests';
import type { FullReport } from './admin.schemas';
import { adminTestView, ownersOf } from './admin-tests.service';

const percent = (fraction: unknown): number | null => (typeof fraction === 'number' ? fraction * 100 : null);

/**
 * What the test's own switches cost: a slot that changes what is live (the title, the thumbnail or
 * both, as the test's kind rotates) costs a full switch of its kind (unitsPerSwitch), an unchanged
 * one a read; the final variant likewise. Sampling is shared between videos and not counted.
 */
function estimatedUnits(record: TestRecord): number {
  const { test } = record;
  const variantOf = new Map(record.variants.map((variant) => [variant.id, variant]));
  const fullSwitch = unitsPerSwitch(test.kind);
  let live = { title: test.originalTitle, image: test.originalThumbnailImageId };
  let units = 0;
  const switchTo = (next: typeof live) => {
    units += next.title === live.title && next.image === live.image ? quotaCosts['videos.list'] : fullSwitch;
    live = next;
  };
  for (const rotation of record.rotations.filter((entry) => entry.status === 'applied')) {
    const variant = variantOf.get(rotation.variantId)!;
    switchTo({ title: variant.title, image: variant.thumbnailImageId });
  }
  // No applied image: a title test, or the creator's own thumbnail kept (nothing set).
  if (test.appliedTitle !== null)
    switchTo({ title: test.appliedTitle, image: test.appliedThumbnailImageId ?? live.image });
  return units;
}

/** Test, variants, schedule, every rotation with its figures, daily metrics, verdict and quota spent. */
export async function getFullReport(ctx: ServiceContext, testId: string): Promise<FullReport> {
  const record = await loadTestRecord(ctx.db, testId);
  if (!record) throw notFound('Test');
  const { test, variants } = record;
  const now = ctx.clock.now();
  const until = test.appliedTitle !== null ? test.updatedAt : now;
  const measuredUntil = test.endedAt ?? now;
  // The card and the verdict are the stored figures; the rotation and daily tables are read once.
  const [figures, daily, samples, latest, [channelUnits], owners] = await Promise.all([
    testFiguresForAdmin(ctx, testId),
    dailyMetricsOfTest(ctx.db, test, measuredUntil),
    viewSamplesOfTest(ctx.db, test, measuredUntil),
    latestSamplesOf(ctx.db, [test.videoId]),
    ctx.db
      .select({ units: sum(quotaLedger.units) })
      .from(quotaLedger)
      .where(
        and(
          eq(quotaLedger.channelConnectionId, test.channelConnectionId),
          gte(quotaLedger.at, test.createdAt),
          lte(quotaLedger.at, until),
        ),
      ),
    ownersOf(ctx, [test.userId]),
  ]);
  const sample = latest.get(test.videoId) ?? null;
  const view = adminTestView(figures.card, test, owners.get(test.userId)!);
  const labelOf = new Map(variants.map((variant) => [variant.id, `Title ${variant.position + 1}`]));
  const titleOf = new Map(variants.map((variant) => [variant.id, variant.title]));
  // The same standings as the card's figures and the verdict (counted-windows.ts).
  const rotationRows = rotationFigures({
    standings: windowStandings({
      rotations: record.rotations,
      samples,
      intervalMinutes: test.rotationIntervalMinutes,
      winnerMetric: test.winnerMetric,
      washoutMinutes: test.washoutMinutes,
      currentViews: sample?.viewCount ?? null,
      testEnded: test.endedAt !== null,
    }),
    daily,
    now,
    intervalMinutes: test.rotationIntervalMinutes,
  });
  return {
    test: view,
    variants: variants.map((variant) => ({
      position: variant.position,
      label: labelOf.get(variant.id)!,
      title: variant.title,
    })),
    schedule: record.rotations.map((rotation) => ({
      slot: rotation.slot,
      kind: rotation.kind,
      block: rotation.block,
      label: labelOf.get(rotation.variantId)!,
      status: rotation.status,
      plannedStart: rotation.plannedStart.toISOString(),
      plannedEnd: rotation.plannedEnd.toISOString(),
    })),
    rotations: rotationRows.map((figure, index) => ({
      order: index + 1,
      slot: figure.rotation.slot,
      label: labelOf.get(figure.rotation.variantId)!,
      title: titleOf.get(figure.rotation.variantId)!,
      activatedAt: figure.rotation.activatedAt?.toISOString() ?? null,
      endedAt: figure.rotation.endedAt?.toISOString() ?? null,
      titleConfirmed: figure.rotation.titleConfirmed,
      views: figure.views,
      counted: figure.standing.count,
      excludedReason: figure.standing.reason,
      hours: figure.hours,
      ctr: percent(figure.ctr),
      ctrSource: figure.ctrSource,
      averageViewDuration: figure.averageViewDuration,
      durationSource: figure.durationSource,
      attempts: figure.rotation.attempts,
      error: figure.rotation.error,
    })),
    dailyMetrics: daily.map((row) => ({
      day: row.day,
      views: row.views,
      averageViewDurationSec: row.averageViewDurationSec,
      impressions: row.impressions,
      impressionsCtr: percent(row.impressionsCtr),
      fetchedAt: row.fetchedAt.toISOString(),
    })),
    verdict: figures.analytics.verdict,
    quotaSpent: {
      estimatedUnits: estimatedUnits(record),
      channelUnitsDuringTest: Number(channelUnits?.units ?? 0),
      note: 'Estimated from the rotations applied; the channel figure is the quota ledger for the test’s channel while it ran.',
    },
    generatedAt: now.toISOString(),
  };
}

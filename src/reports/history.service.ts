import { and, eq, inArray, sql } from 'drizzle-orm';
import { testFigures, titleTests } from '../../db/schema';
import type { UserRow } from '../../db/schema/users';
import type { ServiceContext } from '../context/service-context';
import { classifyTitleChange } from '../shared/title-change';
import {
  isCurrentFormat,
  type StoredAnalytics,
  type TestFigures,
  figuresAreCurrent,
  figuresOfTests,
  type TitleTestView,
  type VerdictView,
} from '../title-tests';
import type { PastTest, PastTests } from './reports.schemas';

/*
 * The past-tests history (docs/product.md#past-tests): every finished test of the user with the
 * verdict its analytics panel shows, read from the figures stored with each test (computed first
 * for any that are behind their data, in one batch).
 */

const FINISHED = ['completed', 'cancelled'] as const;

/** The median of the values, or null for none. */
export function median(values: readonly number[]): number | null {
  if (values.length === 0) return null;
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  const value = sorted.length % 2 === 1 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2;
  return Math.round(value * 10) / 10;
}

/**
 * The title whose lift a history row shows: the winner when a challenger won, else the
 * challenger with the highest estimated lift vs Title 1; null while nothing is estimated.
 */
function comparedTitle(verdict: VerdictView): VerdictView['titles'][number] | null {
  if (verdict.verdict === 'winner' && verdict.winnerTitleIndex !== null && verdict.winnerTitleIndex > 0) {
    return verdict.titles.find((title) => title.titleIndex === verdict.winnerTitleIndex) ?? null;
  }
  const challengers = verdict.titles.filter((title) => title.titleIndex > 0);
  return challengers.reduce<VerdictView['titles'][number] | null>(
    (best, title) => (best === null || title.liftPercent > best.liftPercent ? title : best),
    null,
  );
}

function pastTest(
  row: { id: string; status: PastTest['status']; endedAt: Date | null; endDate: Date },
  card: TitleTestView,
  verdict: VerdictView,
): PastTest {
  const compared = comparedTitle(verdict);
  const baseline = card.titles[0] ?? '';
  const winner =
    verdict.verdict === 'winner' && verdict.winnerTitleIndex !== null ? verdict.winnerTitleIndex : null;
  return {
    id: row.id,
    videoTitle: card.videoTitle,
    status: row.status,
    kind: card.kind,
    thumbnails: card.thumbnails,
    winnerMetric: card.winnerMetric,
    startDate: card.startDate,
    endedAt: (row.endedAt ?? row.endDate).toISOString(),
    verdict: verdict.verdict,
    verdictLabel: verdict.label,
    awaitingFinalData: verdict.awaitingFinalData,
    baselineTitle: baseline,
    winnerTitleIndex: winner,
    liveTitleIndex: verdict.recommendedTitleIndex,
    comparedTitleIndex: compared?.titleIndex ?? null,
    comparedTitle: compared ? (card.titles[compared.titleIndex] ?? compared.title) : null,
    liftPercent: compared?.liftPercent ?? null,
    liftLowPercent: compared?.liftLowPercent ?? null,
    liftHighPercent: compared?.liftHighPercent ?? null,
    winningChange:
      winner !== null && winner > 0 && card.titles[winner] !== undefined
        ? classifyTitleChange(baseline, card.titles[winner])
        : null,
  };
}

/** The user's finished tests, newest ended first, with the counts of each verdict and the median decided lift. */
export async function pastTests(ctx: ServiceContext, user: UserRow): Promise<PastTests> {
  const rows = await ctx.db
    .select({
      id: titleTests.id,
      status: titleTests.status,
      endedAt: titleTests.endedAt,
      endDate: titleTests.endDate,
      current: figuresAreCurrent,
      card: testFigures.card,
      analytics: testFigures.analytics,
    })
    .from(titleTests)
    .leftJoin(testFigures, eq(testFigures.testId, titleTests.id))
    .where(and(eq(titleTests.userId, user.id), inArray(titleTests.status, FINISHED)))
    .orderBy(sql`coalesce(${titleTests.endedAt}, ${titleTests.endDate}) desc`, titleTests.id);

  const stored = new Map<string, { card: TitleTestView; verdict: VerdictView }>();
  for (const row of rows) {
    if (!row.current || row.card === null || row.analytics === null) continue;
    const analytics = JSON.parse(row.analytics) as StoredAnalytics;
    if (!isCurrentFormat(analytics)) continue;
    stored.set(row.id, { card: JSON.parse(row.card) as TitleTestView, verdict: analytics.body.verdict });
  }
  const behind = rows.filter((row) => !stored.has(row.id)).map((row) => row.id);
  const computed =
    behind.length > 0
      ? await figuresOfTests(ctx.db, behind, ctx.clock.now())
      : new Map<string, TestFigures>();
  for (const [id, figures] of computed) {
    stored.set(id, { card: figures.card, verdict: figures.analytics.body.verdict });
  }

  const tests = rows.flatMap((row) => {
    const figures = stored.get(row.id);
    // A test deleted meanwhile has no figures: it is no longer listed.
    return figures
      ? [pastTest({ ...row, status: row.status as PastTest['status'] }, figures.card, figures.verdict)]
      : [];
  });
  const settled = tests.filter((test) => !test.awaitingFinalData);
  const decided = settled.filter((test) => test.verdict === 'winner');
  return {
    counts: {
      finished: tests.length,
      decided: decided.length,
      same: settled.filter((test) => test.verdict === 'same').length,
      inconclusive: settled.filter((test) => test.verdict === 'inconclusive').length,
      awaitingFinalData: tests.length - settled.length,
    },
    medianDecidedLiftPercent: median(
      decided.flatMap((test) => (test.liftPercent === null ? [] : [test.liftPercent])),
    ),
    tests,
  };
}

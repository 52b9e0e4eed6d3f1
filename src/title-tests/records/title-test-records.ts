import { and, asc, eq, inArray, isNull } from 'drizzle-orm';
import { channelConnections, rotations, titleTests, titleVariants } from '../../../db/schema';
import type { ChannelConnection } from '../../channels';
import type { DbOrTx } from '../../db/database';

export type TitleTestRow = typeof titleTests.$inferSelect;
export type VariantRow = typeof titleVariants.$inferSelect;
export type RotationRow = typeof rotations.$inferSelect;

export interface TestRecord {
  test: TitleTestRow;
  variants: VariantRow[];
  rotations: RotationRow[];
  connection: ChannelConnection;
}

/** A test with its variants (by position), its stored schedule (by slot) and its channel connection. */
export async function loadTestRecord(db: DbOrTx, testId: string): Promise<TestRecord | null> {
  const [row] = await db
    .select({ test: titleTests, connection: channelConnections })
    .from(titleTests)
    .innerJoin(channelConnections, eq(channelConnections.id, titleTests.channelConnectionId))
    .where(eq(titleTests.id, testId))
    .limit(1);
  if (!row) return null;
  const [variants, schedule] = await Promise.all([
    db
      .select()
      .from(titleVariants)
      .where(eq(titleVariants.testId, testId))
      .orderBy(asc(titleVariants.position)),
    db.select().from(rotations).where(eq(rotations.testId, testId)).orderBy(asc(rotations.slot)),
  ]);
  return { test: row.test, connection: row.connection, variants, rotations: schedule };
}

/** Variants and rotations of many tests at once (list views), grouped by test id. */
export async function loadTestDetails(db: DbOrTx, testIds: string[]) {
  if (testIds.length === 0)
    return { variants: new Map<string, VariantRow[]>(), rotations: new Map<string, RotationRow[]>() };
  const [variantRows, rotationRows] = await Promise.all([
    db
      .select()
      .from(titleVariants)
      .where(inArray(titleVariants.testId, testIds))
      .orderBy(asc(titleVariants.position)),
    db.select().from(rotations).where(inArray(rotations.testId, testIds)).orderBy(asc(rotations.slot)),
  ]);
  const group = <T extends { testId: string }>(rows: T[]) => {
    const map = new Map<string, T[]>();
    for (const entry of rows) map.set(entry.testId, [...(map.get(entry.testId) ?? []), entry]);
    return map;
  };
  return { variants: group(variantRows), rotations: group(rotationRows) };
}

export function variantTitle(record: Pick<TestRecord, 'variants'>, variantId: string): string {
  const variant = record.variants.find((entry) => entry.id === variantId);
  if (!variant) throw new Error(`Variant ${variantId} is not part of the test`);
  return variant.title;
}

/**
 * The title the product believes is live: the latest applied rotation's, else the original. A test
 * extended while it waited for its final figures has applied rotations, but its end put the
 * original title back: its current slot is none until the new segment's first slot runs.
 */
export function expectedLiveTitle(record: TestRecord): string {
  if (record.test.currentSlot === null) return record.test.originalTitle;
  const applied = record.rotations.filter((rotation) => rotation.status === 'applied');
  const latest = applied.at(-1);
  return latest ? variantTitle(record, latest.variantId) : record.test.originalTitle;
}

export async function setTestFields(
  db: DbOrTx,
  testId: string,
  fields: Partial<Omit<TitleTestRow, 'id'>>,
  onlyIfStatus?: TitleTestRow['status'][],
): Promise<TitleTestRow | null> {
  const where = onlyIfStatus
    ? and(eq(titleTests.id, testId), inArray(titleTests.status, onlyIfStatus))
    : eq(titleTests.id, testId);
  const [updated] = await db.update(titleTests).set(fields).where(where).returning();
  return updated ?? null;
}

/**
 * A pause ends the live window (whoever pauses: the creator, or the engine when the title was
 * changed in Studio or YouTube access was lost): what the counter gains while a test is paused
 * counts for no title, and the window's end is read from the samples around it unless the pause
 * read the counter itself (`viewCount`). See counted-windows.ts for how such a window is counted.
 */
export async function endLiveWindows(
  db: DbOrTx,
  testIds: string[],
  at: Date,
  viewCount: number | null = null,
): Promise<void> {
  if (testIds.length === 0) return;
  await db
    .update(rotations)
    .set({ endedAt: at, ...(viewCount === null ? {} : { viewsAtEnd: viewCount }) })
    .where(
      and(inArray(rotations.testId, testIds), eq(rotations.status, 'applied'), isNull(rotations.endedAt)),
    );
}

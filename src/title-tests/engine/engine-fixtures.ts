import type { ChannelConnection } from '../../channels';
import type { EngineContext } from './engine-context';
import type { EngineHooks } from './engine-hooks';
import type { RotationRow, TestRecord, TitleTestRow, VariantRow } from '../records/title-test-records';
import type { TitleTestYouTube } from './youtube-port';

// Test records and a database-free context for the engine's unit tests. Test code only.

const T0 = Date.UTC(2026, 10, 23, 8); // 00:00 Pacific
/** `minutes` after the fixtures' start. */
export const at = (minutes: number) => new Date(T0 + minutes * 60_000);

export const connection: ChannelConnection = {
  id: 'connection-1',
  userId: 'user-1',
  youtubeChannelId: 'UC-channel',
  title: 'Noor bakes',
  uploadsPlaylistId: null,
  accessTokenEncrypted: null,
  refreshTokenEncrypted: null,
  accessTokenExpiresAt: null,
  scopes: [],
  status: 'connected',
  statusReason: null,
  reportingJobId: null,
  reachDataThrough: null,
  authorizedAt: at(-60 * 24),
  disconnectRequestedAt: null,
  createdAt: at(-60 * 24),
  updatedAt: at(-60 * 24),
};

/** A grant on another channel. */
export const otherConnection: ChannelConnection = {
  ...connection,
  id: 'connection-2',
  userId: 'user-2',
  youtubeChannelId: 'UC-other',
};

/**
 * A running title test on `video-1`: the original title and two challengers, hourly slots from
 * the start cycling through them, none applied yet. `fields` change the test's row.
 */
export function titleTestRecord(
  fields: Partial<TitleTestRow> = {},
  titles: string[] = ['The original title', 'Title two', 'Title three'],
): TestRecord {
  const test: TitleTestRow = {
    id: 'test-1',
    userId: 'user-1',
    channelConnectionId: connection.id,
    videoId: 'video-1',
    kind: 'titles',
    videoFormat: 'video',
    videoTitle: titles[0]!,
    originalTitle: titles[0]!,
    originalThumbnailImageId: null,
    status: 'active',
    statusReason: null,
    rotationIntervalMinutes: 60,
    winnerMetric: 'views',
    washoutMinutes: null,
    startDate: at(0),
    endDate: at(14 * 24 * 60),
    scheduleSeed: 'seed',
    scheduleDesign: 2,
    stopAtVerdict: true,
    nextLookAt: null,
    decidedAt: null,
    forecast: null,
    currentSlot: null,
    lastError: null,
    deferredUntil: null,
    verdict: null,
    appliedTitle: null,
    appliedThumbnailImageId: null,
    endedAt: null,
    finalFiguresDueAt: null,
    deletionRequestedAt: null,
    heldBy: null,
    expectedStartAt: null,
    liveThumbnailSha256: null,
    createdAt: at(0),
    updatedAt: at(0),
    ...fields,
  };
  const variants = titles.map((title, position): VariantRow => ({
    id: `variant-${position}`,
    testId: test.id,
    position,
    title,
    thumbnailImageId: null,
    servedThumbnailSha256: null,
  }));
  const rotations = Array.from({ length: 6 }, (_, slot) =>
    rotation(slot, { variantId: variants[slot % variants.length]!.id }),
  );
  return { test, variants, rotations, connection };
}

/** Slot `slot` of an hourly schedule, planned. */
export function rotation(slot: number, fields: Partial<RotationRow> = {}): RotationRow {
  return {
    id: `rotation-${slot}`,
    testId: 'test-1',
    slot,
    segment: 0,
    kind: 'window',
    block: Math.floor(slot / 3),
    variantId: 'variant-0',
    plannedStart: at(slot * 60),
    plannedEnd: at((slot + 1) * 60),
    status: 'planned',
    activatedAt: null,
    endedAt: null,
    titleConfirmed: false,
    viewsAtStart: null,
    viewsAtEnd: null,
    impressions: null,
    ctr: null,
    averageViewDurationSec: null,
    thumbnailRequestedAt: null,
    attempts: 0,
    error: null,
    ...fields,
  };
}

/** `record` with slots up to `slot` applied, as the engine leaves it after putting slot `slot` live. */
export function appliedThrough(record: TestRecord, slot: number): TestRecord {
  return {
    ...record,
    test: { ...record.test, currentSlot: slot },
    rotations: record.rotations.map((entry) =>
      entry.slot <= slot
        ? { ...entry, status: 'applied', activatedAt: entry.plannedStart, titleConfirmed: true }
        : entry,
    ),
  };
}

/**
 * A context with `youtube` and no database: any use of `db` throws, so a test passes only if the
 * code under test stays off the database.
 */
export function contextWithout(youtube: TitleTestYouTube, hooks?: EngineHooks): EngineContext {
  const db = new Proxy(
    {},
    {
      get(_target, property) {
        throw new Error(`The unit under test used the database (db.${String(property)}).`);
      },
    },
  );
  return { youtube, hooks, db, clock: { now: () => at(0) } } as unknown as EngineContext;
}

import { userSchema } from '../auth';
import { z } from 'zod';
import { titleTestSchema, verdictViewSchema, WINDOW_ANALYSIS } from '../title-tests';

/** Admin console shapes (docs/product.md#entities, #rest-paths), shared by tRPC, REST and the web app. */

export const adminCheckSchema = z.object({ isAdmin: z.boolean() });

export const healthLevels = ['ok', 'warn', 'bad'] as const;
export const platformHealthValues = ['Excellent', 'Good', 'Degraded', 'Critical'] as const;
export type HealthLevel = (typeof healthLevels)[number];
export type PlatformHealth = (typeof platformHealthValues)[number];

export const healthSignalSchema = z.object({
  key: z.enum(['database', 'job-queue', 'job-failures', 'quota', 'test-errors']),
  label: z.string(),
  level: z.enum(healthLevels),
  detail: z.string(),
});
export type HealthSignal = z.infer<typeof healthSignalSchema>;

/** Admin metrics (docs/product.md#entities), plus the signals platformHealth was computed from. */
export const adminMetricsSchema = z.object({
  totalUsers: z.number(),
  activeTests: z.number(),
  /** YouTube Data API units used today (Pacific day), from the quota ledger. */
  totalApiCalls: z.number(),
  dailyQuota: z.number(),
  platformHealth: z.enum(platformHealthValues),
  healthSignals: z.array(healthSignalSchema),
  checkedAt: z.iso.datetime(),
});
export type AdminMetrics = z.infer<typeof adminMetricsSchema>;

/** One audit entry as the admin console lists it; `actor` is null for the system (a Stripe event, a job). */
export const auditEntrySchema = z.object({
  id: z.uuid(),
  at: z.iso.datetime(),
  action: z.string(),
  targetType: z.string(),
  targetId: z.string(),
  /** Null for the system; a removed account's entries keep their id with no name. */
  actor: z.object({ id: z.uuid(), email: z.string().nullable(), name: z.string().nullable() }).nullable(),
  before: z.unknown(),
  after: z.unknown(),
});
export type AuditEntryView = z.infer<typeof auditEntrySchema>;

/** A user as the admin list shows it (docs/product.md#entities); isAdmin is the server's role decision. */
export const adminUserSchema = userSchema
  .pick({
    id: true,
    email: true,
    name: true,
    username: true,
    subscriptionTier: true,
    subscriptionStatus: true,
    isLifetime: true,
    isAdmin: true,
    createdAt: true,
    youtubeChannelTitle: true,
  })
  .extend({ runningTests: z.number(), hasStripeSubscription: z.boolean() });
export type AdminUser = z.infer<typeof adminUserSchema>;

export const upgradeTiers = ['pro', 'authority', 'lifetime'] as const;
export const downgradeTiers = ['pro', 'cancelled'] as const;
export type UpgradeTier = (typeof upgradeTiers)[number];
export type DowngradeTier = (typeof downgradeTiers)[number];

export const userIdSchema = z.object({ id: z.uuid({ message: 'Unknown user id.' }) });
export const upgradeBodySchema = z.object({
  tier: z.enum(upgradeTiers, { message: 'Tier must be pro, authority or lifetime.' }),
});
export const downgradeBodySchema = z.object({
  tier: z.enum(downgradeTiers, { message: 'Tier must be pro or cancelled.' }),
});
export const tierChangeResultSchema = z.object({
  success: z.literal(true),
  message: z.string(),
  user: adminUserSchema,
});

/** A test in the admin list: the Test of docs/product.md#entities with its KPIs, plus who owns it. */
export const adminTestSchema = titleTestSchema.extend({
  owner: z.object({ id: z.uuid(), email: z.email(), name: z.string() }),
  /** An admin deleted it; it goes once its original title is back on YouTube. */
  deletionPending: z.boolean(),
});
export type AdminTest = z.infer<typeof adminTestSchema>;

export const adminTestIdSchema = z.object({ id: z.uuid({ message: 'Unknown test id.' }) });
export const messageSchema = z.object({ message: z.string() });

const figureSource = z.enum(['measured', 'estimated', 'pending']);

/** GET /api/admin/tests/{id}/full-report: everything stored about one test. */
export const fullReportSchema = z.object({
  test: adminTestSchema,
  variants: z.array(z.object({ position: z.number(), label: z.string(), title: z.string() })),
  schedule: z.array(
    z.object({
      slot: z.number(),
      kind: z.enum(['lead-in', 'window', 'tail']),
      block: z.number().nullable(),
      label: z.string(),
      status: z.enum(['planned', 'applied', 'skipped', 'failed']),
      plannedStart: z.iso.datetime(),
      plannedEnd: z.iso.datetime(),
    }),
  ),
  rotations: z.array(
    z.object({
      order: z.number(),
      slot: z.number(),
      label: z.string(),
      title: z.string(),
      activatedAt: z.iso.datetime().nullable(),
      endedAt: z.iso.datetime().nullable(),
      titleConfirmed: z.boolean(),
      views: z.number().nullable(),
      /** Whether the verdict counts the rotation, and why not (src/title-tests/figures/counted-windows.ts). */
      counted: z.enum(WINDOW_ANALYSIS),
      excludedReason: z.string().nullable(),
      hours: z.number().nullable(),
      /** Percent, like the dashboard's CTR figures. */
      ctr: z.number().nullable(),
      ctrSource: figureSource,
      averageViewDuration: z.number().nullable(),
      durationSource: figureSource,
      attempts: z.number(),
      error: z.string().nullable(),
    }),
  ),
  dailyMetrics: z.array(
    z.object({
      day: z.string(),
      views: z.number().nullable(),
      averageViewDurationSec: z.number().nullable(),
      impressions: z.number().nullable(),
      impressionsCtr: z.number().nullable(),
      fetchedAt: z.iso.datetime(),
    }),
  ),
  /** The statistics engine's verdict: the final one of a completed test, else its current reading. */
  verdict: verdictViewSchema,
  quotaSpent: z.object({
    /** Rotations applied × their cost, plus the final title: what this test's own writes cost. */
    estimatedUnits: z.number(),
    /** Every unit the test's channel used while the test ran (shared with its other tests and reads). */
    channelUnitsDuringTest: z.number(),
    note: z.string(),
  }),
  generatedAt: z.iso.datetime(),
});
export type FullReport = z.infer<typeof fullReportSchema>;

export const securityItemSchema = z.object({
  key: z.enum(['ssl', 'backups', 'firewall', 'bot-detection', 'login-attempts']),
  label: z.string(),
  /** external: in place outside Titlewise (e.g. the database host's backups), not verifiable from here. */
  status: z.enum(['active', 'warning', 'inactive', 'external']),
  detail: z.string(),
});

/** Settings tab: the security items as this deployment is really configured. */
export const adminSettingsSchema = z.object({
  security: z.array(securityItemSchema),
  integrations: z.object({
    youtube: z.enum(['google', 'simulator']),
    payments: z.enum(['stripe-live', 'stripe-test', 'simulated']),
  }),
});
export type AdminSettings = z.infer<typeof adminSettingsSchema>;

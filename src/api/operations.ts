import { adminOperations } from '../admin/admin.operations';
import { analyticsOperations } from '../analytics/analytics.operations';
import { authOperations } from '../auth/auth.operations';
import { billingOperations } from '../billing/billing.operations';
import { capacityOperations } from '../capacity/capacity.operations';
import { channelOperations } from '../channels/channels.operations';
import { demoOperations } from '../demo/demo.operations';
import { imageOperations } from '../images/images.operations';
import { learningOperations } from '../learning/learning.operations';
import type { AnyOperation } from './declare/operation';
import { notificationOperations } from '../notifications/notifications.operations';
import { accountOperations } from '../privacy/privacy.operations';
import { reportOperations } from '../reports/reports.operations';
import { teamOperations } from '../team/team.operations';
import { titleTestOperations } from '../title-tests/title-tests.operations';
import { videoOperations } from '../videos/videos.operations';

/**
 * Every operation of the API, by feature. The key names the tRPC namespace (`tests.create`) and
 * the OpenAPI tag; the REST routes (src/api/rest-transport.ts) and the tRPC router
 * (src/api/trpc/app-router.ts) are generated from this table. A new operation is one declaration in
 * its feature's `*.operations.ts` and one service function.
 */
export const operations = {
  auth: { ...authOperations, ...demoOperations },
  account: accountOperations,
  notifications: notificationOperations,
  tests: titleTestOperations,
  analytics: analyticsOperations,
  admin: adminOperations,
  billing: billingOperations,
  videos: videoOperations,
  channels: channelOperations,
  reports: reportOperations,
  team: teamOperations,
  capacity: capacityOperations,
  images: imageOperations,
  learning: learningOperations,
} satisfies Record<string, Record<string, AnyOperation>>;

/** Each operation with its feature (its OpenAPI tag) and its tRPC path. */
export function listOperations(): Array<{ operation: AnyOperation; tag: string; procedure: string }> {
  return Object.entries(operations).flatMap(([tag, entries]) =>
    Object.entries(entries as Record<string, AnyOperation>).map(([name, operation]) => ({
      operation,
      tag,
      procedure: `${tag}.${name}`,
    })),
  );
}

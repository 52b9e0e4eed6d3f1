import { adminOperations } from '../admin';
import { analyticsOperations } from '../analytics';
import { authOperations } from '../auth';
import { billingOperations } from '../billing';
import { capacityOperations } from '../capacity';
import { channelOperations } from '../channels';
import { demoOperations } from '../demo';
import { imageOperations } from '../images';
import { learningOperations } from '../learning';
import type { AnyOperation } from './declare/operation';
import { notificationOperations } from '../notifications';
import { accountOperations } from '../privacy';
import { reportOperations } from '../reports';
import { teamOperations } from '../team';
import { titleTestOperations } from '../title-tests';
import { videoOperations } from '../videos';

/**
 * Every operation of the API, by feature. The key names the tRPC namespace (`tests.create`) and
 * the OpenAPI tag; the REST routes (src/api/rest-transport.ts) and the tRPC router
 * (src/api/trpc/app-router.ts) are generated from this table. A new operation is one declaration in
 * its feature's `*.operations.ts` and one service function. The keys are the product's words as
 * published (a test, the account, signing in), not folder names: a folder may be renamed without
 * renaming an API (docs/decisions/0051).
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

import { adminRouter } from '../admin/admin.router';
import { analyticsRouter } from '../analytics/analytics.router';
import { authRouter } from '../auth/auth.router';
import { notificationsRouter } from '../notifications/notifications.router';
import { accountRouter } from '../privacy/privacy.router';
import { billingRouter } from '../billing/billing.router';
import { titleTestsRouter } from '../title-tests/title-tests.router';
import { videosRouter } from '../videos/videos.router';
import { router } from './init';

export const appRouter = router({
  auth: authRouter,
  account: accountRouter,
  notifications: notificationsRouter,
  tests: titleTestsRouter,
  analytics: analyticsRouter,
  admin: adminRouter,
  billing: billingRouter,
  videos: videosRouter,
});

/** The type the web app imports (type-only) for end-to-end typed calls. */
export type AppRouter = typeof appRouter;

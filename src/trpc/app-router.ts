import { adminRouter } from '../admin/admin.router';
import { analyticsRouter } from '../analytics/analytics.router';
import { authRouter } from '../auth/auth.router';
import { billingRouter } from '../billing/billing.router';
import { titleTestsRouter } from '../title-tests/title-tests.router';
import { router } from './init';

export const appRouter = router({
  auth: authRouter,
  tests: titleTestsRouter,
  analytics: analyticsRouter,
  admin: adminRouter,
  billing: billingRouter,
});

/** The type the web app imports (type-only) for end-to-end typed calls. */
export type AppRouter = typeof appRouter;

import { router } from '../trpc/init';

// Procedures arrive with the YouTube gateway (accuracy status) and the rotation engine (analytics).
export const analyticsRouter = router({});

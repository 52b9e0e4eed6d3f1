import { router } from '../trpc/init';

// Procedures arrive with the rotation engine (issue: title tests and the rotation engine).
export const titleTestsRouter = router({});

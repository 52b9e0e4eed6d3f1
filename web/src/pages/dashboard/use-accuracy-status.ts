import { trpc } from '../../api/trpc';

/** The analytics accuracy status behind the Data Accuracy banner. */
export function useAccuracyStatus() {
  return trpc.analytics.accuracyStatus.useQuery();
}

import { trpc } from '../../../api/trpc';

/** Recent videos, fetched only while the dialog is open. */
export function useRecentVideos(enabled: boolean) {
  return trpc.videos.recent.useQuery(undefined, { enabled });
}

import { trpc } from '../../../api/trpc';

/**
 * Recent videos of the channel chosen in the header (with "All channels", the latest connected
 * one), fetched only while the dialog is open.
 */
export function useRecentVideos(enabled: boolean, channelId: string | undefined) {
  return trpc.videos.recent.useQuery({ channelId }, { enabled });
}

import { trpc } from '../api/trpc';
import { useChannelChoice } from './channel-choice';

/**
 * The account's connected channels and the one the header's switcher shows (null for "All
 * channels", or when the remembered choice is no longer connected). Shared by the switcher, the
 * dashboard's heading and the Create Test dialog, so they never disagree (issue 26, item 5).
 */
export function useConnectedChannels() {
  const query = trpc.channels.list.useQuery();
  const remembered = useChannelChoice();
  const connected = (query.data?.channels ?? []).filter((channel) => channel.status === 'connected');
  const shown = connected.find((channel) => channel.id === remembered) ?? null;
  return { query, remembered, connected, shown, several: connected.length > 1 };
}

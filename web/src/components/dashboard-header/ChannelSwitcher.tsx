import { Select } from '@mantine/core';
import { useEffect } from 'react';
import { setChannelChoice } from '../../lib/channel-choice';
import { useConnectedChannels } from '../../lib/connected-channels';

const ALL = 'all';

/**
 * The channel the dashboard shows, for an account with several connected channels: one of them,
 * or "All channels" (the overview). A one-channel account sees no switcher.
 */
export function ChannelSwitcher() {
  const { query, remembered: chosen, connected } = useConnectedChannels();
  const { data } = query;
  // A choice that is no longer a connected channel falls back to all of them.
  useEffect(() => {
    if (data && chosen && !connected.some((channel) => channel.id === chosen)) setChannelChoice(null);
  }, [data, chosen, connected]);
  if (connected.length < 2) return null;
  return (
    <Select
      aria-label="Channel"
      size="sm"
      w={{ base: 150, sm: 200 }}
      allowDeselect={false}
      value={chosen ?? ALL}
      onChange={(value) => setChannelChoice(value && value !== ALL ? value : null)}
      data={[
        { value: ALL, label: 'All channels' },
        ...connected.map((channel) => ({ value: channel.id, label: channel.title })),
      ]}
    />
  );
}

import { useSyncExternalStore } from 'react';

// Which of the account's channels the dashboard shows: one channel's id, or null for all of them.
// Remembered in this browser, shared by the header's switcher and the pages that read it.

const KEY = 'titlewise.channel';
const listeners = new Set<() => void>();

function read(): string | null {
  try {
    return window.localStorage.getItem(KEY);
  } catch {
    return null;
  }
}

export function setChannelChoice(channelId: string | null): void {
  try {
    if (channelId) window.localStorage.setItem(KEY, channelId);
    else window.localStorage.removeItem(KEY);
  } catch {
    // Storage refused (private mode): the choice lasts until the page reloads.
  }
  for (const listener of listeners) listener();
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** The chosen channel id, or null for every channel. */
export function useChannelChoice(): string | null {
  return useSyncExternalStore(subscribe, read, () => null);
}

import type { ReadChanges } from './read-changes';

/**
 * How long a cached read may be served at most. Notices keep entries current; this bounds what a
 * lost notice (a dropped listening connection before it reconnects) could leave behind.
 */
export const READ_CACHE_TTL_MS = 2_000;
/**
 * Entries kept at most (a test list or an analytics answer is tens of kilobytes, kept as text and
 * as bytes). Past it, entries that can no longer be used are dropped, and if that is not enough the
 * cache starts over: it only ever saves work.
 */
const MAX_ENTRIES = 1_000;

interface Entry<T> {
  value: T;
  epoch: number;
  at: number;
  pending?: Promise<T>;
}

/**
 * Recently read answers of the polled paths and the session lookup, per process. An entry is
 * used only while nothing has changed since it was read (ReadChanges) and for READ_CACHE_TTL_MS at
 * most; concurrent misses of one key share one read. Without notices from the database nothing is
 * cached. See docs/figures.md.
 */
export interface ReadCache {
  read<T>(key: string, load: () => Promise<T>): Promise<T>;
}

export function createReadCache(changes: ReadChanges, ttlMs = READ_CACHE_TTL_MS): ReadCache {
  const now = () => performance.now();
  const entries = new Map<string, Entry<unknown>>();
  return {
    async read<T>(key: string, load: () => Promise<T>): Promise<T> {
      if (!changes.listening) return load();
      const epoch = changes.epoch;
      const found = entries.get(key) as Entry<T> | undefined;
      if (found && found.epoch === epoch) {
        if (found.pending) return found.pending;
        if (now() - found.at < ttlMs) return found.value;
      }
      const at = now();
      const pending = load();
      if (entries.size >= MAX_ENTRIES) {
        for (const [staleKey, old] of entries)
          if (!old.pending && (old.epoch !== epoch || at - old.at >= ttlMs)) entries.delete(staleKey);
        if (entries.size >= MAX_ENTRIES) entries.clear();
      }
      const entry: Entry<T> = { value: undefined as T, epoch, at, pending };
      entries.set(key, entry);
      try {
        entry.value = await pending;
        entry.pending = undefined;
      } catch (error) {
        if (entries.get(key) === entry) entries.delete(key);
        throw error;
      }
      // Read while something changed: answer with it, but do not keep it.
      if (changes.epoch !== epoch && entries.get(key) === entry) entries.delete(key);
      return entry.value;
    },
  };
}

/** Every read goes to the database (statement-counting tests). */
export const uncachedReads: ReadCache = { read: (_key, load) => load() };

import { createBusDroppedCache } from '../../events/bus-dropped-cache.ts';
import { blocksChangedChannel, isBlocksChanged } from '../../events/channels.ts';
import type { EventBus } from '../../events/event-bus.ts';
import type { HiddenProfile } from './search.repository.ts';

/**
 * Per viewer, the profiles their search leaves out (themselves, blocks either way), so that a search from shared
 * pages costs no database round trip. A block made or lifted drops both members' entries at once here and, through
 * the event bus, on every other process; an entry is read again after `refreshMs` in any case (what a filter tests of
 * those profiles, for totals, may be that old; and a block change the bus lost lives no longer). A read that started
 * before a block change of its viewer is not kept, and nothing is kept while the bus is deaf, as in the session
 * cache. A viewer with more than `maxProfiles` is read each time, so that an entry's size stays bounded.
 */
export interface HiddenProfilesCache {
  findHiddenProfiles(viewerProfileId: number): Promise<HiddenProfile[]>;
  close(): Promise<void>;
}

export async function createHiddenProfilesCache(options: {
  bus: EventBus;
  read: (viewerProfileId: number) => Promise<HiddenProfile[]>;
  now: () => Date;
  refreshMs?: number;
  maxEntries?: number;
  maxProfiles?: number;
}): Promise<HiddenProfilesCache> {
  const { bus, read, now, refreshMs = 10_000, maxEntries = 20_000, maxProfiles = 500 } = options;
  const cache = createBusDroppedCache<number, HiddenProfile[]>({
    bus,
    now,
    refreshMs,
    maxEntries,
    keeps: (profiles) => profiles.length <= maxProfiles,
  });
  const unsubscribe = await bus.subscribe(blocksChangedChannel, (message) => {
    if (isBlocksChanged(message)) for (const id of message.profiles) cache.forget(id);
  });

  return {
    findHiddenProfiles: (viewerProfileId) => cache.find(viewerProfileId, () => read(viewerProfileId)),
    async close() {
      unsubscribe();
      cache.close();
    },
  };
}

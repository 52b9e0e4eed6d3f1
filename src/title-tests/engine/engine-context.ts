import type { ServiceContext } from '../../context/service-context';
import type { EngineHooks } from './engine-hooks';
import type { TitleTestYouTube } from './youtube-port';

/**
 * What the title-test engine runs on: the service context plus the engine's own seams. The entry
 * points build it with the YouTube gateway (src/app-context.ts); the demo's rehearsal builds one on
 * its own clock, holding its tests; the engine's unit tests build one on a fake YouTube.
 */
export interface EngineContext extends ServiceContext {
  /** The engine's YouTube port (./youtube-port.ts): titles, thumbnails, view counts. */
  youtube: TitleTestYouTube;
  /** Pulls YouTube Analytics and reach data for a test's video into daily_metrics; returns rows stored. */
  collectDaily?(testId: string): Promise<number>;
  /** Test-only seams at the dangerous moments of a rotation. */
  hooks?: EngineHooks;
  /**
   * Set when a tool runs the engine on a clock of its own (the demo's history): this context then
   * acts only on the tests held with this value, and the workers leave those alone
   * (../records/held-tests.ts). Unset for the workers, the web and the founder's tools.
   */
  holding?: string;
}

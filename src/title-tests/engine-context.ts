import type { AppContext } from '../app-context';
import type { TitleTestYouTube } from './youtube-port';

/** Test-only seams to simulate a crash at the two dangerous moments of a rotation. */
export interface EngineHooks {
  afterTitleWrite?(testId: string, slot: number): void | Promise<void>;
  beforeCommit?(testId: string, slot: number): void | Promise<void>;
}

export interface EngineContext {
  app: AppContext;
  youtube: TitleTestYouTube;
  hooks?: EngineHooks;
  /**
   * Set when a tool runs the engine on a clock of its own (the demo's history): this context then
   * acts only on the tests held with this value, and the workers leave those alone
   * (src/title-tests/held-tests.ts). Unset for the workers, the web and the founder's tools.
   */
  holding?: string;
  /** Pulls YouTube Analytics and reach data for a test's video into daily_metrics; returns rows stored. */
  collectDaily?(testId: string): Promise<number>;
}

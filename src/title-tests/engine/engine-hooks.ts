/** Test-only seams to simulate a crash at the dangerous moments of a rotation. */
export interface EngineHooks {
  afterTitleWrite?(testId: string, slot: number): void | Promise<void>;
  /** After thumbnails.set answered, before anything about it is recorded. */
  afterThumbnailWrite?(testId: string): void | Promise<void>;
  beforeCommit?(testId: string, slot: number): void | Promise<void>;
}

/** Test-only seams to simulate a crash at the two dangerous moments of a rotation. */
export interface EngineHooks {
  afterTitleWrite?(testId: string, slot: number): void | Promise<void>;
  beforeCommit?(testId: string, slot: number): void | Promise<void>;
}

// The front door of title, thumbnail and package tests (src/title-tests): what the other features, the jobs and the entry points use of
// it. Nothing outside the folder imports its files past this one (dependency-cruiser,
// features-enter-by-the-front-door; docs/decisions/0052).
export { applyTestAction, performTestAction } from './actions.service';
export { createTitleTest } from './create-test.service';
export { removeTestMarkedForDeletion } from './engine/deletion';
export type { EngineContext } from './engine/engine-context';
export type { EngineHooks } from './engine/engine-hooks';
export { pauseChannelTestsForLostAccess } from './engine/fault-handling';
export {
  admissionJob,
  advanceJob,
  dailyMetricsJob,
  sampleViewsJob,
  scheduleAdvance,
  tickJob,
} from './engine/title-tests.jobs';
export { gatewayDailyCollector, gatewayYouTube } from './engine/youtube-adapter';
export { isCurrentFormat, type StoredAnalytics, type TestFigures } from './figures/compute-test-figures';
export { windowStandings } from './figures/counted-windows';
export { dailyMetricsOfTest, viewSamplesOfTest } from './figures/measurements';
export { latestSamplesOf } from './figures/readings';
export { rotationFigures } from './figures/rotation-figures';
export { figuresAreCurrent, figuresOfTests } from './figures/stored-figures';
export { isRunning } from './records/state-machine';
export { loadTestRecord, type TestRecord, type TitleTestRow } from './records/title-test-records';
export {
  WINDOW_ANALYSIS,
  figureExpectationsSchema,
  testAnalyticsSummarySchema,
  testIdSchema,
  titleTestSchema,
  verdictViewSchema,
  type CreateTestInput,
  type TitleTestView,
  type VerdictView,
} from './records/title-tests.schemas';
export { stopClockMoves } from './simulation/clock-moves-stop';
export { fastForward } from './simulation/fast-forward';
export { simulatedTimeOf, type SandboxTime, type TimeControlContext } from './simulation/simulated-time';
export { titleTestOperations } from './title-tests.operations';
export { cardsOf, testFiguresForAdmin } from './views.service';

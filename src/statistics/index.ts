// Public surface of the statistics engine (issue "Honest winners"): what the server needs to
// plan a test, draw its schedule, and turn measured windows into a verdict.

export { generateSchedule, checkBalance } from './schedule';
export type { ScheduleSlot, ScheduleOptions, SlotKind, BalanceReport } from './schedule';
export { analyzeTest, decide, washoutMinutes } from './verdict';
export type { AnalyzeTestInput, Decision, TestVerdict, Verdict } from './verdict';
export type { WindowObservation, WinnerMetric } from './window-analysis';
export type { TitleSummary } from './posterior';
export type { Progress, ProgressItem } from './progress';
export { planShape, estimateTrafficNoise, TYPICAL_VIEWS_PER_DAY } from './plan';
export type { PlanShape, ShapePlan } from './plan';
export { naiveAnalysis } from './naive';
export { pacificBoundaries, pacificParts, pacificSlotOfDay } from '../time/pacific';

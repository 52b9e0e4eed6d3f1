// Public surface of the statistics engine (issue "Honest winners"): what the server needs to
// plan a test, draw its schedule, and turn measured windows into a verdict. A verdict comes as
// reason codes and numbers; the words a creator reads are src/shared/verdict-words.ts's.

export { generateSchedule } from './schedule';
export type { ScheduleSlot } from './schedule';
export { analyzeTest, washoutMinutes } from './verdict';
export type { TestVerdict } from './verdict';
export type { WindowObservation } from './window-analysis';

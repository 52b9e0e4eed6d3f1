import type { TitleTestStatus } from '../../../db/schema/title-tests';
import { conflict } from '../../errors/app-error';
import { runningStatuses } from '../../shared/test-states';
import type { TestAction } from './title-tests.schemas';

/** Allowed transitions per action (docs/product.md#test-states). */
const transitions: Record<TestAction, { from: readonly TitleTestStatus[]; to: TitleTestStatus }> = {
  pause: { from: ['active', 'scheduled'], to: 'paused' },
  resume: { from: ['paused'], to: 'active' },
  complete: { from: ['active', 'paused'], to: 'completed' },
  cancel: { from: ['queued', 'scheduled', 'active', 'paused'], to: 'cancelled' },
};

export function isRunning(status: TitleTestStatus): boolean {
  return runningStatuses.includes(status);
}

/** The status an action leads to, or a 409 that says why it cannot happen now. */
export function nextStatus(current: TitleTestStatus, action: TestAction): TitleTestStatus {
  const rule = transitions[action];
  if (!rule.from.includes(current)) {
    throw conflict(`Cannot ${action} a test that is ${current}.`);
  }
  return rule.to;
}

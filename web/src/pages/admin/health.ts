import type { HealthSignal, PlatformHealth } from './admin-types';

export const healthColor: Record<PlatformHealth, string> = {
  Excellent: 'teal.9',
  Good: 'blue.8',
  Degraded: 'orange.8',
  Critical: 'red.8',
};

export const levelColor: Record<HealthSignal['level'], string> = { ok: 'teal', warn: 'yellow', bad: 'red' };
export const levelLabel: Record<HealthSignal['level'], string> = {
  ok: 'OK',
  warn: 'Warning',
  bad: 'Problem',
};

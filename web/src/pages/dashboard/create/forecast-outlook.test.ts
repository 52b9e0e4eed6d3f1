import { describe, expect, it } from 'vitest';
import { verdictOutlook } from './forecast-outlook';

describe('the plan’s outlook line', () => {
  it('says when the verdict likely comes and what it spends, and what running to the end would', () => {
    expect(verdictOutlook({ daysToVerdict: 2.6, quotaUnits: 1240, plannedQuotaUnits: 3100 })).toBe(
      'Verdict likely in about 3 days · about 1,240 YouTube quota units (up to 3,100 if it runs its whole length)',
    );
  });

  it('leaves out "up to" when running to the end spends no more', () => {
    expect(verdictOutlook({ daysToVerdict: 14, quotaUnits: 80, plannedQuotaUnits: 80 })).toBe(
      'Verdict likely in about 14 days · about 80 YouTube quota units',
    );
    expect(verdictOutlook({ daysToVerdict: 1, quotaUnits: 80, plannedQuotaUnits: null })).toBe(
      'Verdict likely in about 1 day · about 80 YouTube quota units',
    );
  });

  it('says what it knows, and nothing for a plan that cannot decide', () => {
    expect(verdictOutlook({ daysToVerdict: null, quotaUnits: 50, plannedQuotaUnits: 90 })).toBe(
      'About 50 YouTube quota units (up to 90 if it runs its whole length)',
    );
    expect(verdictOutlook({ daysToVerdict: null, quotaUnits: null, plannedQuotaUnits: null })).toBeNull();
  });
});

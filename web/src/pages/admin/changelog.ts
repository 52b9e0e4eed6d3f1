/** The overview tab's static changelog of what shipped (time, title, description, status, type, author). */
export interface ChangelogEntry {
  id: string;
  time: string;
  title: string;
  description: string;
  status: 'deployed' | 'in progress';
  type: 'feature' | 'improvement' | 'fix';
  author: string;
}

export const changelog: ChangelogEntry[] = [
  {
    time: 'Admin & billing release',
    id: 'admin-billing',
    title: 'Admin console and Stripe billing',
    description:
      'Platform metrics and health from real signals, user plan changes with an audit trail, every test with its full report, cancel and delete that restore the original title first. Checkout, webhooks and the Customer Portal through Stripe, or a simulated checkout offline.',
    status: 'deployed',
    type: 'feature',
    author: 'Titlewise team',
  },
  {
    time: 'Statistics release',
    id: 'verdicts',
    title: 'Verdicts from the statistics engine',
    description:
      'Balanced rotation schedules, a window model per metric and a verdict that says when there is no clear winner. The end-of-test title follows the verdict.',
    status: 'deployed',
    type: 'feature',
    author: 'Titlewise team',
  },
  {
    time: 'Dashboard release',
    id: 'dashboard',
    title: 'Creator dashboard',
    description:
      'Stat cards, test cards with charts and rotation history, the Create Test dialog and test actions.',
    status: 'deployed',
    type: 'feature',
    author: 'Titlewise team',
  },
  {
    time: 'Data release',
    id: 'reach',
    title: 'CTR and view duration per rotation',
    description:
      "YouTube's daily reach reports reach per-rotation analytics, each figure marked measured or estimated.",
    status: 'deployed',
    type: 'improvement',
    author: 'Titlewise team',
  },
  {
    time: 'Reliability release',
    id: 'faults',
    title: 'Rotation engine fault handling',
    description:
      'Quota exhaustion defers to the Pacific-midnight reset, lost Google access pauses tests, and a crash around a title write converges on one rotation per slot.',
    status: 'deployed',
    type: 'fix',
    author: 'Titlewise team',
  },
];

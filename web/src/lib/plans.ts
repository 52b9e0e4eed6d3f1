/** SPEC §3/§6/§9 plans. Pro's limit follows the paywall and the server (5 active tests). */
export type PlanId = 'pro' | 'authority';

export interface Plan {
  id: PlanId;
  name: string;
  priceUsd: number;
  tagline: string;
  features: string[];
  mostPopular: boolean;
}

export const plans: Plan[] = [
  {
    id: 'pro',
    name: 'Pro',
    priceUsd: 29,
    tagline: 'For a creator testing titles on their own channel.',
    features: [
      'Up to 5 concurrent title tests',
      '2 to 5 title variants per test',
      'Rotation every 1 to 24 hours',
      'CTR, views and average view duration per title',
      'A verdict that says when there is no clear winner',
      'Original title restored when a test ends',
    ],
    mostPopular: false,
  },
  {
    id: 'authority',
    name: 'Authority',
    priceUsd: 99,
    tagline: 'For teams and multi-channel creators.',
    features: [
      'Unlimited title tests (within YouTube’s daily API quota)',
      'Up to 10 channels',
      'Team tools',
      'Authority analytics (premium only)',
      'Everything in Pro',
    ],
    mostPopular: true,
  },
];

export const MONEY_BACK_DAYS = 14;

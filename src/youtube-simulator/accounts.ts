import { DEMO_USER_EMAIL } from '../config';

export interface SimulatedAccount {
  id: string;
  email: string;
  name: string;
  channelId: string;
  channelTitle: string;
  uploadsPlaylistId: string;
}

function account(id: string, email: string, name: string, channelTitle: string, channelSuffix: string) {
  const channelId = `UCsim${channelSuffix}`;
  return { id, email, name, channelId, channelTitle, uploadsPlaylistId: `UUsim${channelSuffix}` };
}

export const DEMO_ACCOUNT_ID = 'sim-demo';

/** The Google accounts the simulator's consent page offers. Each owns one channel. */
export const simulatedAccounts: SimulatedAccount[] = [
  account(DEMO_ACCOUNT_ID, DEMO_USER_EMAIL, 'Demo Creator', 'Titlewise Demo Kitchen', 'DemoKitchen00000000'),
  account('sim-alex', 'alex.rivera@example.com', 'Alex Rivera', 'Rivera Builds', 'RiveraBuilds0000000'),
  account('sim-sam', 'sam.chen@example.com', 'Sam Chen', 'Sam Cooks Fast', 'SamCooksFast0000000'),
  account(
    'sim-priya',
    'priya.n@example.com',
    'Priya Natarajan',
    'Priya Explains Space',
    'PriyaSpace000000000',
  ),
  // Channels with a title habit their audience rewards (title-habits.ts): the ground truth that
  // "What works here" should find (a number helps on Noor's) or not find (nothing on Leo's).
  account('sim-noor', 'noor.haddad@example.com', 'Noor Haddad', 'Noor Reviews Gear', 'NoorReviewsGear0000'),
  account('sim-leo', 'leo.marsh@example.com', 'Leo Marsh', 'Leo Paints Minis', 'LeoPaintsMinis00000'),
];

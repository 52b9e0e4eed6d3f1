import { reopenSession, signInAsChannelLessDemo, signInWithGoogleCode, type SignedIn } from '../auth';
import { users } from '../../db/schema';
import { eq } from 'drizzle-orm';
import { AppError } from '../errors/app-error';
import { GOOGLE_SCOPES, googleCallbackPath } from '../youtube/google-clients';
import { DEMO_ACCOUNT_ID } from '../youtube-simulator/accounts';
import { claimantOf, claimDemoCopy, liveCopyFor } from './demo-copies';
import { requestDemoCopy } from './demo.jobs';
import { simulatorControl } from './simulator-control';
import type { EngineContext } from '../title-tests';

/**
 * "Try the demo": with the simulator, a sign-in through Google's own flow as a demo account — the
 * account holder's consent (the simulator's control API stands in for the click), the code
 * exchange, userinfo and the channel, exactly as any Google account. The account is the
 * visitor's own copy of the demo channel, with its past (DEMO_HISTORY), or the shared demo
 * channel (tests). Without the simulator (DEMO_LOGIN=true), a demo user with no channel.
 *
 * A visitor already signed in to a live copy gets it back, and so does an address that holds as
 * many live copies as it may (its newest): copies are reused per visitor and capped
 * (demo-copies.ts, liveCopyFor).
 */
export async function signInAsDemo(
  ctx: EngineContext,
  visitor: { userAgent: string | undefined; address: string; signedInUserId: string | null },
): Promise<SignedIn> {
  const { userAgent } = visitor;
  if (!ctx.config.demoLogin) throw new AppError('FORBIDDEN', 'Demo sign-in is not enabled on this server.');
  if (!ctx.config.google.simulator) return signInAsChannelLessDemo(ctx, userAgent);
  const control = simulatorControl(ctx.config);
  const signIn = async (accountId: string) => {
    const redirectUri = `${ctx.config.publicUrl}${googleCallbackPath}`;
    const code = await control.grant(accountId, { redirectUri, scope: GOOGLE_SCOPES.join(' ') });
    return signInWithGoogleCode(ctx, { code, redirectUri }, userAgent, { demo: true });
  };
  if (!ctx.config.demoHistory) return signIn(DEMO_ACCOUNT_ID);
  const claimant = claimantOf(ctx.config, visitor.address);
  const live = await liveCopyFor(ctx, { claimant, userId: visitor.signedInUserId });
  if (live) {
    const [user] = await ctx.db.select().from(users).where(eq(users.id, live.userId));
    if (user) return reopenSession(ctx, user, userAgent);
  }
  return claimDemoCopy(ctx, control, signIn, () => requestDemoCopy(ctx, { afterClaim: true }), claimant);
}

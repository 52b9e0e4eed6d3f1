import { sessionResponseSchema, setSessionCookie } from '../auth';
import { declareOn } from '../api/declare/operation';
import { rateLimits } from '../api/declare/rate-limits';
import { signInAsDemo } from './demo-sign-in';
import type { EngineContext } from '../title-tests';

const { mutation } = declareOn<EngineContext>();

/** The one-click demo sign-in, offered beside the other sign-ins (`auth.demoLogin`). */
export const demoOperations = {
  demoLogin: mutation({
    access: 'public',
    output: sessionResponseSchema,
    rest: { method: 'POST', path: '/api/auth/demo-login', summary: 'One-click demo sign-in' },
    limit: rateLimits.demoSignIn,
    handler: async ({ ctx, caller, http }) => {
      const signedIn = await signInAsDemo(ctx, {
        userAgent: http.request.headers['user-agent'],
        address: http.request.ip,
        // A visitor signed in to their demo copy gets it back rather than another.
        signedInUserId: caller?.actor.isDemo ? caller.actor.id : null,
      });
      setSessionCookie(http.reply, ctx.config, signedIn.sessionToken, signedIn.expiresAt);
      return { sessionToken: signedIn.sessionToken, user: signedIn.user };
    },
  }),
};

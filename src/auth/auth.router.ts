import { authedProcedure, publicProcedure, router } from '../trpc/init';
import { sessionResponseSchema, userSchema } from './auth.schemas';
import { getCurrentUser, signOut } from './auth.service';
import { clearSessionCookie, setSessionCookie } from './session-cookie';
import { signInAsDemo } from '../demo/demo-sign-in';

export const authRouter = router({
  /** The current user, or null when signed out (the web app's route guard tolerates that). */
  me: publicProcedure.output(userSchema.nullable()).query(async ({ ctx }) => {
    return ctx.auth ? getCurrentUser(ctx.app, ctx.auth) : null;
  }),

  demoLogin: publicProcedure.output(sessionResponseSchema).mutation(async ({ ctx }) => {
    const signedIn = await signInAsDemo(ctx.app, ctx.request.headers['user-agent']);
    setSessionCookie(ctx.reply, ctx.app.config, signedIn.sessionToken, signedIn.expiresAt);
    return { sessionToken: signedIn.sessionToken, user: signedIn.user };
  }),

  logout: authedProcedure.mutation(async ({ ctx }) => {
    clearSessionCookie(ctx.reply, ctx.app.config);
    return signOut(ctx.app, ctx.auth);
  }),
});

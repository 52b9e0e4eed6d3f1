import { authedProcedure, router } from '../trpc/init';
import {
  getNotificationPreferences,
  listNotifications,
  markNotificationsRead,
  setNotificationPreferences,
} from './notifications.service';
import {
  markReadSchema,
  notificationListSchema,
  notificationPreferencesSchema,
  setNotificationPreferencesSchema,
  unreadCountSchema,
} from './notifications.schemas';

/** The tRPC twins of /api/notifications*. */
export const notificationsRouter = router({
  list: authedProcedure
    .output(notificationListSchema)
    .query(({ ctx }) => listNotifications(ctx.app, ctx.auth.user)),
  markRead: authedProcedure
    .input(markReadSchema)
    .output(unreadCountSchema)
    .mutation(({ ctx, input }) => markNotificationsRead(ctx.app, ctx.auth.user, input.ids)),
  preferences: authedProcedure
    .output(notificationPreferencesSchema)
    .query(({ ctx }) => getNotificationPreferences(ctx.app, ctx.auth.user)),
  setPreferences: authedProcedure
    .input(setNotificationPreferencesSchema)
    .output(notificationPreferencesSchema)
    .mutation(({ ctx, input }) => setNotificationPreferences(ctx.app, ctx.auth.user, input)),
});

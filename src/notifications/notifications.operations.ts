import { mutation, query } from '../api/declare/operation';
import {
  markReadSchema,
  notificationListSchema,
  notificationPreferencesSchema,
  setNotificationPreferencesSchema,
  unreadCountSchema,
} from './notifications.schemas';
import {
  getNotificationPreferences,
  listNotifications,
  markNotificationsRead,
  setNotificationPreferences,
} from './notifications.service';

/** The bell's list and the e-mail settings. */
export const notificationOperations = {
  list: query({
    access: 'user',
    output: notificationListSchema,
    rest: {
      method: 'GET',
      path: '/api/notifications',
      summary: 'The newest notifications of the signed-in user, and how many are unread',
    },
    handler: ({ ctx, caller }) => listNotifications(ctx, caller.user),
  }),
  markRead: mutation({
    access: 'user',
    input: markReadSchema,
    output: unreadCountSchema,
    rest: {
      method: 'POST',
      path: '/api/notifications/read',
      summary: 'Mark notifications read (the given ids, or all)',
    },
    handler: ({ ctx, caller, input }) => markNotificationsRead(ctx, caller.user, input.ids),
  }),
  preferences: query({
    access: 'user',
    output: notificationPreferencesSchema,
    rest: {
      method: 'GET',
      path: '/api/notifications/preferences',
      summary: 'Which kinds of notification the signed-in user gets by e-mail',
    },
    handler: ({ ctx, caller }) => getNotificationPreferences(ctx, caller.user),
  }),
  setPreferences: mutation({
    access: 'user',
    input: setNotificationPreferencesSchema,
    output: notificationPreferencesSchema,
    rest: {
      method: 'POST',
      path: '/api/notifications/preferences',
      summary: 'Turn e-mail of some notification kinds on or off',
    },
    handler: ({ ctx, caller, input }) => setNotificationPreferences(ctx, caller.user, input),
  }),
};

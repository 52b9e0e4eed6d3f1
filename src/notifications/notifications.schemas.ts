import { z } from 'zod';
import { notificationKinds } from '../shared/notification-kinds';

export const notificationSchema = z.object({
  id: z.uuid(),
  kind: z.enum(notificationKinds),
  testId: z.uuid().nullable(),
  title: z.string(),
  body: z.string(),
  link: z.string(),
  createdAt: z.iso.datetime(),
  read: z.boolean(),
  /** sent: e-mailed; pending: on its way; off: this kind is not e-mailed; none: no mail server. */
  email: z.enum(['pending', 'sent', 'off', 'none', 'failed']),
});

/** GET /api/notifications: the newest notifications and how many are unread. */
export const notificationListSchema = z.object({
  unreadCount: z.number().int().min(0),
  notifications: z.array(notificationSchema),
});

/** POST /api/notifications/read: these ids, or every notification when ids is absent. */
export const markReadSchema = z
  .object({ ids: z.array(z.uuid()).min(1).max(100).optional() })
  .optional()
  .transform((input) => input ?? {});
export const unreadCountSchema = z.object({ unreadCount: z.number().int().min(0) });

const emailChoicesSchema = z.object(
  Object.fromEntries(notificationKinds.map((kind) => [kind, z.boolean()])) as Record<
    (typeof notificationKinds)[number],
    z.ZodBoolean
  >,
);

export const notificationPreferencesSchema = z.object({
  email: emailChoicesSchema,
  /** False when this deployment has no mail server: notifications stay in the app. */
  emailAvailable: z.boolean(),
  /** With the simulator's mail catcher: the page listing the e-mail it received. */
  outboxUrl: z.string().nullable(),
});

export const setNotificationPreferencesSchema = z.object({ email: emailChoicesSchema.partial().strict() });

export const unsubscribeQuerySchema = z.object({
  u: z.uuid(),
  k: z.enum(notificationKinds),
  t: z.string().min(1).max(100),
});

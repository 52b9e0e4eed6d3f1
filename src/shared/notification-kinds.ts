// What Titlewise tells a creator about, by e-mail and in the app's notification list. One list,
// used by the server (src/notifications) and by the web app's settings.

export const notificationKinds = [
  'test-started',
  'verdict',
  'title-applied',
  'test-paused',
  'quota-deferred',
  'test-failed',
] as const;
export type NotificationKind = (typeof notificationKinds)[number];

/** How each kind is named in the e-mail settings and the unsubscribe page. */
export const NOTIFICATION_KIND_LABELS: Record<NotificationKind, string> = {
  'test-started': 'A test started',
  verdict: 'A test reached its verdict',
  'title-applied': 'The final title is live on YouTube',
  'test-paused': 'A test paused and needs you',
  'quota-deferred': 'Work waits for YouTube’s daily quota',
  'test-failed': 'A test could not finish',
};

/** Kinds e-mailed unless the creator turns them off. Quota waits fix themselves: in the app only. */
export const EMAILED_BY_DEFAULT: Record<NotificationKind, boolean> = {
  'test-started': true,
  verdict: true,
  'title-applied': true,
  'test-paused': true,
  'quota-deferred': false,
  'test-failed': true,
};

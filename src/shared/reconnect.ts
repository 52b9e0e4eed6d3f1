// How a creator gives Titlewise its access to a channel back, worded once for every message that
// needs it (paused tests, refused calls, the accuracy banner). Pure, so web/ may import it.

/** A channel of the Google account one signs in with comes back by signing in; another one by connecting it. */
export const RECONNECT_INSTRUCTIONS =
  'Sign in with Google again to reconnect your channel (a channel of another Google account: Connect another channel on the Account page)';

// The front door of sign-in, sessions, accounts and their roles (src/auth): what the other features, the jobs and the entry points use of
// it. Nothing outside the folder imports its files past this one (dependency-cruiser,
// features-enter-by-the-front-door; docs/decisions/0052).
export { authOperations } from './auth.operations';
export {
  membershipSchema,
  sessionResponseSchema,
  teamRoleSchema,
  userSchema,
  type MembershipView,
} from './auth.schemas';
export { registerGoogleOAuth } from './google-oauth';
export { findMembership, teamSeatLimit } from './membership';
export { isAdmin, isFounder } from './roles';
export { clearSessionCookie, setSessionCookie } from './session-cookie';
export {
  SESSION_COOKIE,
  findSession,
  isTokenShaped,
  revokeAllSessions,
  type LiveSession,
} from './session.service';
export {
  connectGoogleAccount,
  exchangeAuthorizationCode,
  reopenSession,
  signInAsChannelLessDemo,
  signInWithGoogleCode,
  type SignedIn,
} from './sign-in.service';
export { getUser, messageTimeZoneOf, toUserAccount } from './users.service';

import type { TeamRole } from '../../../db/schema';
import { DEMO_USER_EMAIL } from '../../../src/config';
import { DEMO_ACCOUNT_ID } from '../../../src/youtube-simulator/accounts';

// Who may call what, in words: the kinds of access an operation can have, the seven callers that
// try each one, and what each kind of access answers each caller (access-matrix.test.ts).

/** Who may call an operation. */
export type Access =
  /** Anyone, signed in or not. */
  | 'public'
  /** Any signed-in user. */
  | 'signed-in'
  /** Only the user who owns the resource the call names (a test, a checkout, a portal). */
  | 'owner'
  /** Admins (ADMIN_EMAILS, FOUNDER_EMAILS or the users.is_admin flag). */
  | 'admin'
  /** The founder (FOUNDER_EMAILS; with the simulator, demo accounts on their own tests: docs/decisions/0003), on their own test. */
  | 'founder'
  /** Any signed-in user; a team member reads the team owner's (viewers and editors). */
  | 'team-read'
  /** Any signed-in user; a team member changes the owner's as an editor, never as a viewer. */
  | 'team-write'
  /** The owner of the named resource, and their team's viewers and editors. */
  | 'owner-team-read'
  /** The owner of the named resource, and their team's editors (a viewer is refused). */
  | 'owner-team-write'
  /** Any signed-in user for their own account; a team member, of either role, is refused (the owner's choice). */
  | 'account-owner';

/**
 * The callers. "owner" owns the resource a call names (a plain Google user, on Authority); "other"
 * is a second plain user who owns nothing named here; "admin" is in ADMIN_EMAILS and not a
 * founder; "founder" is the demo account (founder of its own tests with the simulator, and no
 * admin: docs/decisions/0003); "viewer" and
 * "editor" are on the owner's team with those roles.
 */
export const CALLERS = ['anonymous', 'other', 'owner', 'admin', 'founder', 'viewer', 'editor'] as const;
export type Caller = (typeof CALLERS)[number];
export type Member = Exclude<Caller, 'anonymous'>;
/** A cell's expected answer: the refusal's status, or "allowed" (the operation's own answer). */
export type Outcome = 401 | 403 | 404 | 'allowed';

/** What each kind of access answers each caller. */
const signedIn = { other: 'allowed', owner: 'allowed', admin: 'allowed', founder: 'allowed' } as const;
// Someone else's resource is not found, whoever asks (admins act through the admin paths).
const ownerOnly = { anonymous: 401, other: 404, owner: 'allowed', admin: 404, founder: 404 } as const;
export const OUTCOMES: Record<Access, Record<Caller, Outcome>> = {
  public: { anonymous: 'allowed', ...signedIn, viewer: 'allowed', editor: 'allowed' },
  'signed-in': { anonymous: 401, ...signedIn, viewer: 'allowed', editor: 'allowed' },
  'team-read': { anonymous: 401, ...signedIn, viewer: 'allowed', editor: 'allowed' },
  'team-write': { anonymous: 401, ...signedIn, viewer: 403, editor: 'allowed' },
  // A member acts as themselves outside the team's operations: the owner's resource is not theirs.
  owner: { ...ownerOnly, viewer: 404, editor: 404 },
  'owner-team-read': { ...ownerOnly, viewer: 'allowed', editor: 'allowed' },
  'owner-team-write': { ...ownerOnly, viewer: 403, editor: 'allowed' },
  'account-owner': { anonymous: 401, ...signedIn, viewer: 403, editor: 403 },
  admin: {
    anonymous: 401,
    other: 403,
    owner: 403,
    admin: 'allowed',
    founder: 403,
    viewer: 403,
    editor: 403,
  },
  founder: {
    anonymous: 401,
    other: 403,
    owner: 403,
    admin: 403,
    founder: 'allowed',
    viewer: 403,
    editor: 403,
  },
};

/** The callers' Google accounts on the simulator, and their e-mail addresses. */
export const accounts = { other: 'sim-sam', owner: 'sim-alex', admin: 'sim-priya', founder: DEMO_ACCOUNT_ID };
export const emails = {
  other: 'sam.chen@example.com',
  owner: 'alex.rivera@example.com',
  admin: 'priya.n@example.com',
  founder: DEMO_USER_EMAIL,
  viewer: 'vera.viewer@example.com',
  editor: 'eddie.editor@example.com',
};
/** Whose channels a caller works on: a team member works on the owner's. */
export const workspaceOf = (caller: Member): Exclude<Member, TeamRole> =>
  caller === 'viewer' || caller === 'editor' ? 'owner' : caller;

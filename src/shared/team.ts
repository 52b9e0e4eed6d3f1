// The team: roles, how long an invitation lasts, and the words the server answers and the web app
// shows (docs/product.md#team). Pure (type imports only), so web/ imports it at runtime.

/** What a team member may do in the owner's workspace (src/team, docs/product.md#team). */
export const teamRoles = ['editor', 'viewer'] as const;
export type TeamRole = (typeof teamRoles)[number];

export const TEAM_ROLE_LABELS: Record<TeamRole, string> = { editor: 'Editor', viewer: 'Viewer' };

export const TEAM_ROLE_DESCRIPTIONS: Record<TeamRole, string> = {
  editor: 'Creates tests and pauses, resumes, completes or cancels them.',
  viewer: 'Sees tests, figures and verdicts; changes nothing.',
};

/** How long an invitation link works. */
export const INVITATION_DAYS = 7;

/**
 * Invitation e-mails one address may receive per day, from every owner together (an owner sends
 * at most one per seat of their plan per day). Past either, the link is returned but not e-mailed.
 */
export const INVITATION_EMAILS_PER_ADDRESS_PER_DAY = 2;

/** The public page an invitation link opens; the token travels as `token` so request logs redact it. */
export const INVITATION_PAGE_PATH = '/invite';

export function invitationPagePath(token: string): string {
  return `${INVITATION_PAGE_PATH}?${new URLSearchParams({ token })}`;
}

export const TEAM_MESSAGES = {
  viewerReadOnly: 'Viewers can look but not change anything. Ask the team’s owner for editor access.',
  noTeamOnPlan: 'Teams come with Authority. Upgrade at /paywall to invite members.',
  membersCannotInvite: 'Only the team’s owner can manage the team.',
  invitationUnknown: 'This invitation link is not valid.',
  invitationRevoked: 'This invitation was withdrawn. Ask the team’s owner for a new one.',
  invitationUsed: 'This invitation was already accepted.',
  invitationExpired: 'This invitation expired. Ask the team’s owner for a new one.',
  ownInvitation: 'This is an invitation to your own team.',
  ownTeamHasMembers: 'You have a team of your own. Remove its members before joining another.',
  ownInvitationsPending:
    'You have invitations to your own team pending. Withdraw them before joining another team.',
  inviterJoinedTeam: 'This invitation no longer works: whoever sent it has since joined another team.',
  notEmailed:
    'It was not e-mailed (that address, or your team, had its invitation e-mails for today): copy the link below and send it yourself.',
  teamUnavailable: 'This team is not available any more: its owner’s plan no longer includes a team.',
} as const;

export function seatsFullMessage(seats: number): string {
  return `Your plan has ${seats} team seats, all taken. Remove a member or withdraw an invitation first.`;
}

export function wrongAccountMessage(email: string): string {
  return `This invitation is for ${email}. Sign in with that Google account to accept it.`;
}

export function alreadyOnTeamMessage(ownerName: string): string {
  return `You are already on ${ownerName}’s team. Leave it first.`;
}

/**
 * The Account page's word on a team whose owner's plan no longer includes one (decision 0020:
 * memberships are dormant, not deleted, and an upgrade brings them back).
 */
export function dormantTeamMessage(memberNames: string[]): string {
  const who =
    memberNames.length === 1
      ? memberNames[0]!
      : `${memberNames.slice(0, -1).join(', ')} and ${memberNames.at(-1)!}`;
  const memberships = memberNames.length === 1 ? 'Their membership stays' : 'Their memberships stay';
  return `Your plan has no team seats, so ${who} cannot open your channels now. ${memberships} on hold, not deleted: back on Authority, the team works again.`;
}

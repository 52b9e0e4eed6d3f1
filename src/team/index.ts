// The front door of team members and invitations (src/team): what the other features, the jobs and the entry points use of
// it. Nothing outside the folder imports its files past this one (dependency-cruiser,
// features-enter-by-the-front-door; docs/decisions/0052).
export { invitationEmailJob } from './team.jobs';
export { teamOperations } from './team.operations';

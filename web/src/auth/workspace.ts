import type { CurrentUser } from './auth-client';
import { useCurrentUser } from './current-user';

/**
 * Whose workspace the signed-in person works in, and what they may do there. A team member works
 * in the owner's channels and tests; a viewer changes nothing (the server refuses it as well, so
 * this only spares them buttons that would fail). Every write control asks this one place.
 */
export interface Workspace {
  /** The team the person is on, or null in their own account. */
  team: CurrentUser['team'];
  /** Whether they may create tests and act on them. */
  canEdit: boolean;
  /** Whether they own the workspace (manage its team, share links, channels). */
  isOwner: boolean;
}

export function workspaceOf(user: CurrentUser | null | undefined): Workspace {
  const team = user?.team ?? null;
  return { team, canEdit: team?.role !== 'viewer', isOwner: team === null };
}

export function useWorkspace(): Workspace {
  return workspaceOf(useCurrentUser().data);
}

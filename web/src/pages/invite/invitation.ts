import { useQuery } from '@tanstack/react-query';
import type { z } from 'zod';
import { fetchPublicJson } from '../../api/public-json';
import type { invitationPreviewSchema } from '#server/team/team.schemas';

export type InvitationPreview = z.infer<typeof invitationPreviewSchema>;

const STORAGE_KEY = 'invitationToken';

/**
 * The invitation's token: from the link (?token=…), or, back from signing in with Google, from
 * this tab's session storage, where the page keeps it across the round trip.
 */
export function invitationToken(): string | null {
  const fromLink = new URLSearchParams(window.location.search).get('token');
  try {
    if (fromLink) window.sessionStorage.setItem(STORAGE_KEY, fromLink);
    return fromLink || window.sessionStorage.getItem(STORAGE_KEY);
  } catch {
    return fromLink || null;
  }
}

/** Once accepted, the token is not kept. */
export function forgetInvitationToken(): void {
  try {
    window.sessionStorage.removeItem(STORAGE_KEY);
  } catch {
    // Storage unavailable: nothing was kept.
  }
}

/**
 * What the link offers, over REST without a session (GET /api/team/invitation?token=…). A refused
 * link throws the server's own sentence (withdrawn, expired, accepted, unknown).
 */
function fetchPreview(token: string, signal: AbortSignal): Promise<InvitationPreview> {
  return fetchPublicJson<InvitationPreview>('/api/team/invitation', { token }, signal);
}

export function useInvitationPreview(token: string | null) {
  return useQuery<InvitationPreview, Error>({
    queryKey: ['team-invitation', token],
    queryFn: ({ signal }) => fetchPreview(token!, signal),
    enabled: token !== null,
    retry: false,
  });
}

import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { currentUserQuery } from '../../auth/current-user';
import { trpc } from '../../api/trpc';
import type { CurrentUser } from '../../auth/auth-client';
import { BROWSER_TIME_ZONE } from '../../lib/time-zone';

/**
 * Tells the server the browser's time zone when it differs from the one it writes this person's
 * messages in (notifications, e-mails, a test's reasons), so they name moments as the cards do.
 * Once per page load; a failure waits for the next one.
 */
export function useReportTimeZone(user: CurrentUser): void {
  const queryClient = useQueryClient();
  // The signed-in user as cached takes the zone at once: another page's header does not post it again.
  const report = trpc.auth.timeZone.useMutation({
    onSuccess: ({ timeZone }) =>
      queryClient.setQueryData(currentUserQuery.queryKey, (cached) =>
        cached ? { ...cached, timeZone } : cached,
      ),
  });
  const differs = user.timeZone !== BROWSER_TIME_ZONE;
  const { isIdle, mutate } = report;
  useEffect(() => {
    if (differs && isIdle) mutate({ timeZone: BROWSER_TIME_ZONE });
  }, [differs, isIdle, mutate]);
}

import { useQueryClient } from '@tanstack/react-query';
import { useNavigate } from '@tanstack/react-router';
import { useState } from 'react';
import { demoLogin } from './auth-client';
import { currentUserQuery } from './current-user';
import { DEFAULT_RETURN_PATH, type ReturnPath } from './return-path';

/** The "Try the demo" button's action: sign in as the demo creator and open the dashboard (or `returnTo`). */
export function useDemoLogin(returnTo: ReturnPath = DEFAULT_RETURN_PATH): {
  start: () => Promise<void>;
  pending: boolean;
  error: string | null;
} {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const [pending, setPending] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const start = async () => {
    setPending(true);
    setError(null);
    try {
      const user = await demoLogin();
      queryClient.setQueryData(currentUserQuery.queryKey, user);
      await navigate({ to: returnTo });
    } catch (caught) {
      setError(caught instanceof Error ? caught.message : 'Demo login failed');
      setPending(false);
    }
  };
  return { start, pending, error };
}

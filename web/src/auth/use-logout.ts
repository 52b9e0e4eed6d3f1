import { useQueryClient } from '@tanstack/react-query';
import { useNavigate } from '@tanstack/react-router';
import { useState } from 'react';
import { showError } from '../lib/toast';
import { logoutOnServer } from './auth-client';

/** Logout: server call, then token, storage and the whole query cache go; then to /. */
export function useLogout(): { logout: () => Promise<void>; pending: boolean } {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const [pending, setPending] = useState(false);
  const logout = async () => {
    setPending(true);
    try {
      await logoutOnServer();
      queryClient.clear();
      await navigate({ to: '/' });
    } catch (error) {
      showError(
        'Logout failed',
        error instanceof Error && error.cause instanceof Error ? error.cause.message : undefined,
      );
    } finally {
      setPending(false);
    }
  };
  return { logout, pending };
}

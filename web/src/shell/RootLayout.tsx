import { Outlet, useNavigate, useRouterState } from '@tanstack/react-router';
import { useMemo } from 'react';
import { NavigationContext } from '../lib/navigation';
import { useAppShell } from './app-shell';

/** The root route: public pages render bare until a page that reads data has loaded the shell. */
export function RootLayout() {
  const Shell = useAppShell();
  const routerNavigate = useNavigate();
  const path = useRouterState({ select: (state) => state.location.pathname });
  const navigation = useMemo(
    () => ({ path, navigate: (to: string) => void routerNavigate({ href: to }) }),
    [path, routerNavigate],
  );
  return (
    <NavigationContext value={navigation}>
      {Shell ? (
        <Shell>
          <Outlet />
        </Shell>
      ) : (
        <Outlet />
      )}
    </NavigationContext>
  );
}

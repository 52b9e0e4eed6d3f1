import type { ReactNode } from 'react';
import type { CurrentUser } from '../../auth/auth-client';
import { useCurrentUser } from '../../auth/current-user';
import { CenteredLayout } from '../CenteredLayout';
import { PageLoader } from '../PageLoader';
import { LoginPanel } from './LoginPanel';

interface RequireUserProps {
  /** What the login screen says when nobody is signed in. */
  message: string;
  pendingLabel?: string;
  children: (user: CurrentUser) => ReactNode;
}

/** The route guard: on error or no user, the login screen is shown in place of the page. */
export function RequireUser({ message, pendingLabel, children }: RequireUserProps) {
  const { data: user, isPending } = useCurrentUser();
  if (isPending) return <PageLoader label={pendingLabel} />;
  if (!user) {
    return (
      <CenteredLayout>
        <LoginPanel title="Sign in required" subtitle={message} />
      </CenteredLayout>
    );
  }
  return children(user);
}

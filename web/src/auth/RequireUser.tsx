import type { ReactNode } from 'react';
import { CenteredLayout } from '../components/CenteredLayout';
import { PageLoader } from '../components/PageLoader';
import { LoginPanel } from '../pages/login/LoginPanel';
import type { CurrentUser } from './auth-client';
import { useCurrentUser } from './current-user';

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

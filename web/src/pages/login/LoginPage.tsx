import { getRouteApi } from '@tanstack/react-router';
import { peekReturnPath } from '../../auth/return-path';
import { CenteredLayout } from '../../components/CenteredLayout';
import { LoginPanel } from '../../components/sign-in/LoginPanel';

const route = getRouteApi('/login');

/** The description when given, else "Authentication error: {error}". */
export function loginErrorText(error?: string, description?: string): string | null {
  if (!error && !description) return null;
  return description ?? `Authentication error: ${error}`;
}

export default function LoginPage() {
  const { error, description, returnTo, demo } = route.useSearch();
  // Back from a failed Google sign-in (an error, no returnTo): the page it started from still holds.
  const target = returnTo ?? (error ? peekReturnPath() : undefined);
  return (
    <CenteredLayout>
      <LoginPanel
        title="Welcome to Titlewise"
        subtitle="Connect your YouTube channel to start testing titles."
        errorText={loginErrorText(error, description)}
        verificationNotice={error === 'oauth_verification'}
        returnTo={target}
        startDemo={demo === true}
      />
    </CenteredLayout>
  );
}

import { Alert, Anchor, Button, Divider, Paper, Stack, Text, Title } from '@mantine/core';
import { Link } from '@tanstack/react-router';
import { useEffect, useRef, useState } from 'react';
import { startGoogleSignIn } from '../../auth/google-sign-in';
import type { ReturnPath } from '../../auth/return-path';
import { useDemoLogin } from '../../auth/use-demo-login';
import { AlertIcon } from '../icons';
import { GoogleMark } from './GoogleMark';

interface LoginPanelProps {
  /** Heading of the card. */
  title: string;
  subtitle: string;
  /** The Authentication Error box's text, if any. */
  errorText?: string | null;
  verificationNotice?: boolean;
  /** Where either sign-in lands (default the dashboard). */
  returnTo?: ReturnPath;
  /** Start the demo sign-in on arrival, as its button does (the landing's "Try the demo"). */
  startDemo?: boolean;
}

/** Sign-in card: Connect with Google, the one-click demo, legal links and the error box. */
export function LoginPanel({
  title,
  subtitle,
  errorText,
  verificationNotice,
  returnTo,
  startDemo = false,
}: LoginPanelProps) {
  const [connecting, setConnecting] = useState(false);
  const demo = useDemoLogin(returnTo);
  const shownError = demo.error ?? errorText ?? null;
  // Once, even when React runs effects twice in development.
  const demoStarted = useRef(false);
  useEffect(() => {
    if (!startDemo || demoStarted.current) return;
    demoStarted.current = true;
    void demo.start();
  }, [startDemo, demo]);

  const connect = () => {
    setConnecting(true);
    startGoogleSignIn(returnTo);
  };

  return (
    <Paper withBorder shadow="md" p={{ base: 'lg', sm: 'xl' }} radius="lg" w="100%" maw={440}>
      <Stack gap="lg">
        <Stack gap={6} ta="center">
          <Title order={1} fz={26}>
            {title}
          </Title>
          <Text c="dimmed">{subtitle}</Text>
        </Stack>

        {shownError && (
          <Alert color="red" variant="light" title="Authentication Error" icon={<AlertIcon />} role="alert">
            {shownError}
          </Alert>
        )}
        {verificationNotice && (
          <Alert color="yellow" variant="light" title="Google app verification needed" role="status">
            This Titlewise installation’s Google OAuth app still needs verification, or your Google account
            has to be added as a test user in the Google Cloud console before you can connect. Ask the site’s
            administrator, or try the demo in the meantime.
          </Alert>
        )}

        <Button
          size="lg"
          variant="default"
          leftSection={<GoogleMark />}
          onClick={connect}
          disabled={connecting}
          fullWidth
        >
          {connecting ? 'Connecting...' : 'Connect with Google'}
        </Button>

        <Divider label="or" labelPosition="center" />

        <Stack gap={6}>
          <Button
            size="lg"
            variant="light"
            onClick={() => void demo.start()}
            loading={demo.pending}
            fullWidth
          >
            Try the demo
          </Button>
          <Text fz="xs" c="dimmed" ta="center" role="status" aria-live="polite">
            {demo.pending
              ? 'Opening your own demo channel with its past tests. When one has to be prepared first, this takes up to a minute.'
              : 'One click, no Google account needed: opens a sample channel with example tests.'}
          </Text>
        </Stack>

        <Text fz="xs" c="dimmed" ta="center">
          By connecting you agree to our{' '}
          <Anchor underline="always" renderRoot={(props) => <Link to="/terms" {...props} />} fz="xs">
            Terms of Service
          </Anchor>{' '}
          and{' '}
          <Anchor underline="always" renderRoot={(props) => <Link to="/privacy" {...props} />} fz="xs">
            Privacy Policy
          </Anchor>
          .
        </Text>
      </Stack>
    </Paper>
  );
}

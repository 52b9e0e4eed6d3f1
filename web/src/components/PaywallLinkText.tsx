import { Anchor } from '@mantine/core';
import { Fragment } from 'react';
import { AppLink } from './AppLink';

const PAYWALL = '/paywall';

/**
 * A server message as text, with each mention of /paywall (the plan-limit messages say "upgrade …
 * at /paywall") a link to the plans page: the message is written once, on the server.
 */
export function PaywallLinkText({ message }: { message: string }) {
  const parts = message.split(PAYWALL);
  return parts.map((part, index) => (
    <Fragment key={index}>
      {part}
      {index < parts.length - 1 && (
        <Anchor inherit underline="always" renderRoot={(props) => <AppLink to={PAYWALL} {...props} />}>
          {PAYWALL}
        </Anchor>
      )}
    </Fragment>
  ));
}

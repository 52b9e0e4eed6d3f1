import { Anchor } from '@mantine/core';
import { GRANT_MAX_AGE_DAYS } from '#shared/data-retention';
import { LegalLayout } from './LegalLayout';

export const PRIVACY_LAST_UPDATED = 'June 18, 2025';

export default function PrivacyPage() {
  return (
    <LegalLayout title="Privacy Policy" dateLine={`Last updated ${PRIVACY_LAST_UPDATED}`}>
      <p>
        This policy explains what Titlewise collects when you use it, why, and what you can do about it.
        Titlewise uses YouTube API Services; by connecting a channel you also agree to the{' '}
        <Anchor underline="always" href="https://www.youtube.com/t/terms" target="_blank" rel="noreferrer">
          YouTube Terms of Service
        </Anchor>{' '}
        and{' '}
        <Anchor
          underline="always"
          href="https://policies.google.com/privacy"
          target="_blank"
          rel="noreferrer"
        >
          Google Privacy Policy
        </Anchor>
        .
      </p>
      <h2>What we collect</h2>
      <ul>
        <li>Your Google account’s name and e-mail address, to create your Titlewise account.</li>
        <li>
          Your YouTube channel’s title and identifier, and the titles and statistics of the videos you test.
        </li>
        <li>
          Google OAuth tokens that let Titlewise change the title of a video under test. They are encrypted at
          rest.
        </li>
        <li>A session cookie (session-token) that keeps you signed in.</li>
      </ul>
      <h2>How we use it</h2>
      <p>
        Only to run the title tests you start: rotating titles, measuring views, click-through rate and view
        duration, and restoring or applying titles when a test ends. We do not sell your data and do not use
        it for advertising.
      </p>
      <h2>Keeping and deleting data</h2>
      <p>
        Your data is kept while your account exists and Google’s access to your channel is current. Titlewise
        checks that access again before it is {GRANT_MAX_AGE_DAYS} days old. If you revoke Titlewise’s access
        in your Google account’s security settings, your tests pause; unless you sign in again within{' '}
        {GRANT_MAX_AGE_DAYS} days, the channel’s tests, figures and stored tokens are deleted.
      </p>
      <p>
        You can delete your account yourself on the Account page (click your name on the dashboard). Running
        tests stop and their original titles go back on YouTube first; then Titlewise revokes its access to
        your Google account and deletes your tests, figures and stored tokens.
      </p>
      <h2>Payments</h2>
      <p>Payments are handled by our payment provider. Titlewise does not store card numbers.</p>
      <h2>Changes</h2>
      <p>If this policy changes, we update the date above and tell signed-in users on the dashboard.</p>
    </LegalLayout>
  );
}

import { Anchor } from '@mantine/core';
import { LegalLayout } from './LegalLayout';

export const TERMS_EFFECTIVE = 'June 18, 2025';

export default function TermsPage() {
  return (
    <LegalLayout title="Terms of Service" dateLine={`Effective ${TERMS_EFFECTIVE}`}>
      <p>
        These terms govern your use of Titlewise. By signing in you accept them, together with the{' '}
        <Anchor underline="always" href="https://www.youtube.com/t/terms" target="_blank" rel="noreferrer">
          YouTube Terms of Service
        </Anchor>
        .
      </p>
      <h2>The service</h2>
      <p>
        Titlewise changes the title of a video you choose according to a schedule you set, measures how each
        title performs, and reports the results. Statistics are estimates with stated uncertainty; Titlewise
        does not promise any particular result for your channel.
      </p>
      <h2>Your account and channel</h2>
      <ul>
        <li>You must own or be authorised to manage the YouTube channel you connect.</li>
        <li>You are responsible for the titles you enter, which must follow YouTube’s policies.</li>
        <li>You can disconnect your channel at any time; running tests then stop.</li>
      </ul>
      <h2>Plans and payment</h2>
      <p>
        Paid plans (Pro $29/month, Authority $99/month) are billed monthly and can be cancelled anytime. If
        you are not satisfied, ask for a refund within 14 days of your first payment.
      </p>
      <h2>Availability</h2>
      <p>
        Titlewise depends on YouTube’s APIs and their daily quotas. When a quota is exhausted, rotations wait
        until it resets, and the dashboard says so.
      </p>
      <h2>Liability</h2>
      <p>
        The service is provided as is. To the extent the law allows, Titlewise is not liable for lost views,
        revenue or other indirect losses.
      </p>
      <h2>Changes</h2>
      <p>We may update these terms; the effective date above changes when we do.</p>
    </LegalLayout>
  );
}

import { StrictMode } from 'react';
import type { Root } from 'react-dom/client';
import LandingPage from '../pages/landing/LandingPage';
import { AppProviders } from './AppProviders';
import { NavigationContext, type Navigation } from '../lib/navigation';

/**
 * The landing page on a first visit to /, without the router (issue 12, item 7): React, Mantine and
 * the page only. The first in-app link loads the router, which takes over at the link's URL.
 */
export function showFrontDoor(root: Root): void {
  let entering = false;
  const navigation: Navigation = {
    path: '/',
    navigate: (to) => {
      if (entering) return;
      entering = true;
      void import('./start-app').then(async ({ startApp }) => {
        window.history.pushState(null, '', to);
        await startApp(root);
        window.scrollTo(0, 0);
      });
    },
  };
  root.render(
    <StrictMode>
      <AppProviders>
        <NavigationContext value={navigation}>
          <LandingPage />
        </NavigationContext>
      </AppProviders>
    </StrictMode>,
  );
}

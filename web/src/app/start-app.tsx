import { RouterProvider } from '@tanstack/react-router';
import { StrictMode } from 'react';
import type { Root } from 'react-dom/client';
import { createAppRouter } from '../routes/router';
import { AppProviders } from './AppProviders';

/** Renders the routed app at the current URL, once the page there has loaded (no blank frame). */
export async function startApp(root: Root): Promise<void> {
  const router = createAppRouter();
  await router.load().catch(() => undefined);
  root.render(
    <StrictMode>
      <AppProviders>
        <RouterProvider router={router} />
      </AppProviders>
    </StrictMode>,
  );
}

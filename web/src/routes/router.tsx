import {
  createRootRoute,
  createRoute,
  createRouter,
  lazyRouteComponent,
  type AsyncRouteComponent,
} from '@tanstack/react-router';
import type { ComponentType } from 'react';
import { PageLoader } from '../components/PageLoader';
import { loadAppShell } from '../shell/app-shell';
import { RootLayout } from '../shell/RootLayout';
import { validateCallbackSearch, validateDashboardSearch, validateLoginSearch } from './search';

// Every page component is its own chunk: the landing, login and legal pages never load the
// dashboard, admin or chart code (issue 5, item 8).
/** A page that reads data: its chunk and the data shell (tRPC, TanStack Query, toasts) load together. */
function dataPage(
  importer: () => Promise<{ default: ComponentType }>,
): AsyncRouteComponent<Record<string, never>> {
  return lazyRouteComponent(async () => (await Promise.all([importer(), loadAppShell()]))[0]);
}

// The landing, legal and 404 pages read no data, so they never load the shell (issue 12, item 7).
const rootRoute = createRootRoute({
  component: RootLayout,
  notFoundComponent: lazyRouteComponent(() => import('../pages/NotFoundPage')),
});

const landingRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/',
  component: lazyRouteComponent(() => import('../pages/landing/LandingPage')),
});

const loginRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/login',
  validateSearch: validateLoginSearch,
  component: dataPage(() => import('../pages/login/LoginPage')),
});

const authCallbackRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/auth/callback',
  validateSearch: validateCallbackSearch,
  component: dataPage(() => import('../pages/AuthCallbackPage')),
});

const dashboardRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/dashboard',
  validateSearch: validateDashboardSearch,
  component: dataPage(() => import('../pages/dashboard/DashboardPage')),
});

const accountRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/account',
  component: dataPage(() => import('../pages/account/AccountPage')),
});

const pastTestsRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/past-tests',
  component: dataPage(() => import('../pages/history/PastTestsPage')),
});

const whatWorksRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/what-works',
  component: dataPage(() => import('../pages/learning/WhatWorksPage')),
});

// Public: a shared test's read-only report (the token is in the query, ?token=…).
const reportRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/report',
  component: dataPage(() => import('../pages/report/ReportPage')),
});

// Public: a team invitation (?token=…), accepted once signed in with the invited Google account.
const inviteRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/invite',
  component: dataPage(() => import('../pages/invite/InvitePage')),
});

const adminRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/admin',
  component: dataPage(() => import('../pages/admin/AdminPage')),
});

const paywallRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/paywall',
  component: dataPage(() => import('../pages/paywall/PaywallPage')),
});

const oauthTestRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/oauth-test',
  component: dataPage(() => import('../pages/OAuthTestPage')),
});

const privacyRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/privacy',
  component: lazyRouteComponent(() => import('../pages/legal/PrivacyPage')),
});

const termsRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/terms',
  component: lazyRouteComponent(() => import('../pages/legal/TermsPage')),
});

const routeTree = rootRoute.addChildren([
  landingRoute,
  loginRoute,
  authCallbackRoute,
  dashboardRoute,
  accountRoute,
  pastTestsRoute,
  whatWorksRoute,
  reportRoute,
  inviteRoute,
  adminRoute,
  paywallRoute,
  oauthTestRoute,
  privacyRoute,
  termsRoute,
]);

export function createAppRouter() {
  return createRouter({
    routeTree,
    defaultPendingComponent: PageLoader,
    defaultPendingMs: 300,
    // No preloading on hover: a page loads only its own code.
    defaultPreload: false,
    scrollRestoration: true,
  });
}

declare module '@tanstack/react-router' {
  interface Register {
    router: ReturnType<typeof createAppRouter>;
  }
}

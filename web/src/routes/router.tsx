import type { QueryClient } from '@tanstack/react-query';
import {
  createRootRouteWithContext,
  createRoute,
  createRouter,
  lazyRouteComponent,
  Outlet,
} from '@tanstack/react-router';
import { PageLoader } from '../components/PageLoader';
import { validateCallbackSearch, validateLoginSearch } from './search';

interface RouterContext {
  queryClient: QueryClient;
}

// Every page component is its own chunk: the landing, login and legal pages never load the
// dashboard, admin or chart code (issue 5, item 8).
const rootRoute = createRootRouteWithContext<RouterContext>()({
  component: Outlet,
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
  component: lazyRouteComponent(() => import('../pages/login/LoginPage')),
});

const authCallbackRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/auth/callback',
  validateSearch: validateCallbackSearch,
  component: lazyRouteComponent(() => import('../pages/AuthCallbackPage')),
});

const dashboardRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/dashboard',
  component: lazyRouteComponent(() => import('../pages/dashboard/DashboardPage')),
});

const adminRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/admin',
  component: lazyRouteComponent(() => import('../pages/admin/AdminPage')),
});

const paywallRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/paywall',
  component: lazyRouteComponent(() => import('../pages/paywall/PaywallPage')),
});

const oauthTestRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/oauth-test',
  component: lazyRouteComponent(() => import('../pages/OAuthTestPage')),
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
  adminRoute,
  paywallRoute,
  oauthTestRoute,
  privacyRoute,
  termsRoute,
]);

export function createAppRouter(queryClient: QueryClient) {
  return createRouter({
    routeTree,
    context: { queryClient },
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

import { createContext } from 'react';

/** How an in-app link moves to another page, and which page is showing (for aria-current). */
export interface Navigation {
  path: string;
  navigate: (to: string) => void;
}

/**
 * Provided by the router (RootLayout) and, before the router is loaded, by the front door
 * (front-door.tsx). Without a provider a link is an ordinary page load.
 */
export const NavigationContext = createContext<Navigation | null>(null);

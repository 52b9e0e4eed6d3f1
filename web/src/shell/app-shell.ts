import { useSyncExternalStore, type ComponentType, type ReactNode } from 'react';

type Shell = ComponentType<{ children: ReactNode }>;

let shell: Shell | undefined;
const listeners = new Set<() => void>();

/** Loads the data shell (AppShell.tsx) once; every page that reads data awaits it before it renders. */
export async function loadAppShell(): Promise<void> {
  const module = await import('./AppShell');
  if (shell) return;
  shell = module.default;
  for (const listener of listeners) listener();
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/**
 * The data shell once any page has loaded it, else undefined. It stays mounted from then on, so a
 * toast raised just before going to a public page (logout → /) is still shown there.
 */
export function useAppShell(): Shell | undefined {
  return useSyncExternalStore(subscribe, () => shell);
}

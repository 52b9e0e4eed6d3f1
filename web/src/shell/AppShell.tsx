import { QueryClientProvider } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { createQueryClient } from '../api/query-client';
import { createAppTrpcClient, trpc } from '../api/trpc';
import { OfflineBanner } from '../components/OfflineBanner';
import { ToastRegion } from '../components/ToastRegion';

// One query cache and one tRPC client for the whole visit, however often the shell re-mounts.
const queryClient = createQueryClient();
const trpcClient = createAppTrpcClient();

/**
 * What the signed-in pages need around them: the query cache, the tRPC client and the toast
 * region. Its own chunk, loaded with the first page that needs it (see app-shell.ts), so the
 * landing, legal and 404 pages never download tRPC, TanStack Query or the toast code.
 */
export default function AppShell({ children }: { children: ReactNode }) {
  return (
    <trpc.Provider client={trpcClient} queryClient={queryClient}>
      <QueryClientProvider client={queryClient}>
        <ToastRegion />
        <OfflineBanner />
        {children}
      </QueryClientProvider>
    </trpc.Provider>
  );
}

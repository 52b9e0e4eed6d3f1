import { MantineProvider } from '@mantine/core';
import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import { useState, type ReactNode } from 'react';
import { createAppTrpcClient, trpc } from '../api/trpc';
import { ToastRegion } from '../components/ToastRegion';
import { cssVariablesResolver, theme } from './theme';

export function AppProviders({ queryClient, children }: { queryClient: QueryClient; children: ReactNode }) {
  const [trpcClient] = useState(createAppTrpcClient);
  return (
    <trpc.Provider client={trpcClient} queryClient={queryClient}>
      <QueryClientProvider client={queryClient}>
        <MantineProvider theme={theme} cssVariablesResolver={cssVariablesResolver} defaultColorScheme="light">
          <ToastRegion />
          {children}
        </MantineProvider>
      </QueryClientProvider>
    </trpc.Provider>
  );
}

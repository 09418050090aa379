import { Suspense } from 'react';
import { QueryClientProvider } from '@tanstack/react-query';
import { RouterProvider } from 'react-router';
import { Toaster } from '../components/ui/toaster.tsx';
import { queryClient } from '../lib/query-client.ts';
import { router } from './router.tsx';
import { bindRouter } from '../features/auth/index.ts';
import { TenantProvider } from './tenant-theme.tsx';

bindRouter(router);

export function App() {
  return (
    <QueryClientProvider client={queryClient}>
      <TenantProvider>
        <RouterProvider router={router} />
        <Suspense fallback={null}>
          <Toaster />
        </Suspense>
      </TenantProvider>
    </QueryClientProvider>
  );
}

import { Suspense, isValidElement } from 'react';
import { Navigate, Outlet, ScrollRestoration, createBrowserRouter, matchRoutes } from 'react-router';
import { FullScreenSpinner } from '../components/ui/full-screen-spinner.tsx';
import { lazyNamed } from './lazy-named.ts';
import { paths } from '../lib/navigation.ts';
import { NotFoundPage, NotFoundSection } from '../features/dashboard/index.ts';
import { HomeRedirect, PublicOnly } from './public-only.tsx';
import { RequireAuth } from './require-auth.tsx';
import { RouteError } from './route-error.tsx';

const LoginPage = lazyNamed(() => import('../features/auth/components/login-page.tsx'), 'LoginPage');
const SignupPage = lazyNamed(() => import('../features/auth/components/signup-page.tsx'), 'SignupPage');
const ForgotPasswordPage = lazyNamed(() => import('../features/auth/components/forgot-password-page.tsx'), 'ForgotPasswordPage');
const ResetPasswordPage = lazyNamed(() => import('../features/auth/components/reset-password-page.tsx'), 'ResetPasswordPage');
const DashboardShell = lazyNamed(() => import('./dashboard/dashboard-shell.tsx'), 'DashboardShell');
const WelcomePage = lazyNamed(() => import('./pages/welcome-page.tsx'), 'WelcomePage');
const BotIndexRedirect = lazyNamed(() => import('../features/dashboard/components/bot-section-page.tsx'), 'BotIndexRedirect');
const ReferidosSection = lazyNamed(() => import('./pages/referidos-page.tsx'), 'ReferidosSection');
const ClientsPage = lazyNamed(() => import('./pages/clients-page.tsx'), 'ClientsPage');
const InvitationPage = lazyNamed(() => import('./pages/invitation-page.tsx'), 'InvitationPage');
const AccountPage = lazyNamed(() => import('./pages/account-page.tsx'), 'AccountPage');
const AdminPage = lazyNamed(() => import('../features/admin/components/admin-page.tsx'), 'AdminPage');
const HelpPage = lazyNamed(() => import('../features/help/components/help-page.tsx'), 'HelpPage');
const NewBotPage = lazyNamed(() => import('../features/bots/components/new-bot-page.tsx'), 'NewBotPage');
const PersonalizationPage = lazyNamed(() => import('./pages/personalization-page.tsx'), 'PersonalizationPage');
const TrainingPage = lazyNamed(() => import('../features/training/components/training-page.tsx'), 'TrainingPage');
const CitasPage = lazyNamed(() => import('../features/appointments/components/citas-page.tsx'), 'CitasPage');
const ProductsPage = lazyNamed(() => import('../features/products/components/products-page.tsx'), 'ProductsPage');
const CrmPage = lazyNamed(() => import('./pages/crm-page.tsx'), 'CrmPage');
const DemoCustomerPage = lazyNamed(() => import('../features/playground/components/demo-customer-page.tsx'), 'DemoCustomerPage');
const MassiveSenderPage = lazyNamed(() => import('./pages/massive-sender-page.tsx'), 'MassiveSenderPage');

function RootLayout() {
  return (
    <Suspense fallback={<FullScreenSpinner />}>
      <Outlet />
      {/* A new page opens at its top; back and forward return where the reader was. */}
      <ScrollRestoration />
    </Suspense>
  );
}

export const router = createBrowserRouter([
  {
    element: <RootLayout />,
    errorElement: <RouteError />,
    children: [
      { path: '/', element: <HomeRedirect /> },
      { path: '/_app', element: <HomeRedirect /> },
      { path: '/app', element: <Navigate to={paths.dashboard} replace /> },
      // The spec's route table names the general sections short too (/referral, /account, /help).
      { path: '/referral', element: <Navigate to={paths.general('referidos')} replace /> },
      { path: '/account', element: <Navigate to={paths.general('mi-cuenta')} replace /> },
      { path: '/help', element: <Navigate to={paths.general('ayuda')} replace /> },
      {
        element: <PublicOnly />,
        children: [
          { path: paths.login, element: <LoginPage /> },
          { path: paths.signup, element: <SignupPage /> },
        ],
      },
      // Open signed in or not: a reset link may be opened on a device that still has a session.
      { path: paths.forgotPassword, element: <ForgotPasswordPage /> },
      { path: paths.resetPassword, element: <ResetPasswordPage /> },
      { path: `${paths.invitation}/:token`, element: <InvitationPage /> },
      {
        path: paths.dashboard,
        element: <RequireAuth />,
        children: [
          {
            element: <DashboardShell />,
            children: [
              { index: true, element: <WelcomePage /> },
              { path: 'clients', element: <ClientsPage /> },
              { path: 'referidos', element: <ReferidosSection /> },
              { path: 'mi-cuenta', element: <AccountPage /> },
              { path: 'admin', element: <AdminPage /> },
              { path: 'ayuda', element: <HelpPage /> },
              // The spec's names of the general sections lead to them.
              { path: 'referral', element: <Navigate to={paths.general('referidos')} replace /> },
              { path: 'account', element: <Navigate to={paths.general('mi-cuenta')} replace /> },
              { path: 'help', element: <Navigate to={paths.general('ayuda')} replace /> },
              { path: 'nuevo', element: <NewBotPage /> },
              { path: ':botId', element: <BotIndexRedirect /> },
              { path: ':botId/personalizacion', element: <PersonalizationPage /> },
              { path: ':botId/recursos', element: <TrainingPage /> },
              { path: ':botId/productos', element: <ProductsPage /> },
              { path: ':botId/crm', element: <CrmPage /> },
              { path: ':botId/citas', element: <CitasPage /> },
              { path: ':botId/massive-sender', element: <MassiveSenderPage /> },
              { path: ':botId/massive-sender/:campaignId', element: <MassiveSenderPage /> },
              { path: '*', element: <NotFoundSection /> },
            ],
          },
        ],
      },
      // "Simular cliente": a demonstration customer's phone, in a tab of its own (signed in, outside the dashboard).
      { path: `${paths.demoCustomer}/:botId`, element: <RequireAuth />, children: [{ index: true, element: <DemoCustomerPage /> }] },
      { path: '*', element: <NotFoundPage /> },
    ],
  },
]);

/**
 * Downloads the code of every lazy route the address leads to, before React renders down to them,
 * so the first render shows the page instead of a spinner (which React would keep a moment longer
 * before revealing the page). A signed-out visitor of a dashboard address is sent to /login:
 * nothing is downloaded for it.
 */
export function preloadRoute(pathname: string, signedIn: boolean): Promise<void> {
  const matches = matchRoutes(router.routes, pathname) ?? [];
  const types = matches.map((match) => (isValidElement(match.route.element) ? match.route.element.type : undefined));
  if (!signedIn && types.includes(RequireAuth)) return Promise.resolve();
  const loads = types.map((type) => (type as { preload?: () => Promise<unknown> } | undefined)?.preload?.());
  return Promise.allSettled(loads).then(() => undefined);
}

import { useEffect } from 'react';
import { Navigate, Outlet, useLocation } from 'react-router';
import { useTranslation } from '../lib/use-translation.ts';
import { Button } from '../components/ui/button.tsx';
import { FullScreenSpinner } from '../components/ui/full-screen-spinner.tsx';
import { GradientBackdrop } from '../components/ui/gradient-backdrop.tsx';
import { AlertIcon } from '../components/ui/icons.tsx';
import { isApiError } from '../lib/api-client.ts';
import { errorText } from '../lib/error-text.ts';
import { CurrentUserContext, lastSignOutReason, signOutNow, storedUserId, useClientInfo, type LoginLocationState } from '../features/auth/index.ts';
import { paths } from '../lib/navigation.ts';

/** Answers that mean there is no usable session; a 401 is already handled by the API client. */
function isSessionGone(error: unknown): boolean {
  return isApiError(error) && (error.status === 401 || error.status === 403 || error.status === 404);
}

/**
 * Signed in = a stored userId and a successful GET /client/info/{userId}. Anyone else goes
 * to /login, and comes back to the page they asked for after signing in.
 */
export function RequireAuth() {
  const location = useLocation();
  const userId = storedUserId();
  const info = useClientInfo(userId);
  const sessionGone = info.isError && isSessionGone(info.error);

  useEffect(() => {
    if (sessionGone && isApiError(info.error) && info.error.status !== 401) void signOutNow('Session not found');
  }, [sessionGone, info.error]);

  if (!userId) return <ToLogin from={`${location.pathname}${location.search}`} />;
  if (info.data) {
    return (
      <CurrentUserContext.Provider value={info.data}>
        <Outlet />
      </CurrentUserContext.Provider>
    );
  }
  if (info.isError && !sessionGone) return <LoadError error={info.error} retrying={info.isFetching} onRetry={() => void info.refetch()} />;
  return <FullScreenSpinner />;
}

/** To /login, back to `from` after signing in; with the reason when the session has just ended. */
function ToLogin({ from }: { from: string }) {
  const reason = lastSignOutReason();
  const state: LoginLocationState = reason ? { from, signedOutReason: reason } : { from };
  return <Navigate to={paths.login} replace state={state} />;
}

function LoadError({ error, retrying, onRetry }: { error: unknown; retrying: boolean; onRetry: () => void }) {
  const { t } = useTranslation('common');
  return (
    <main className="relative isolate grid min-h-dvh place-items-center px-4">
      <GradientBackdrop />
      <div className="w-full max-w-md rounded-3xl border border-line bg-card p-8 text-center backdrop-blur-xl animate-rise">
        <div className="mx-auto mb-5 grid size-12 place-items-center rounded-2xl bg-danger/15 text-danger">
          <AlertIcon className="size-6" />
        </div>
        <h1 className="text-xl font-bold">{t('loadError.title')}</h1>
        <p className="mt-2 text-muted">{errorText(error)}</p>
        <div className="mt-6 flex flex-col gap-2 sm:flex-row sm:justify-center">
          <Button onClick={onRetry} loading={retrying}>
            {t('actions.retry')}
          </Button>
          <Button variant="secondary" onClick={() => void signOutNow('user')}>
            {t('actions.signOut')}
          </Button>
        </div>
      </div>
    </main>
  );
}

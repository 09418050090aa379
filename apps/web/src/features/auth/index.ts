// The face of features/auth: what the rest of the app uses of the signed-in user and the session.
// The sign-in and sign-up pages are loaded lazily by app/router.tsx, not from here.
export { clientInfoKey, clientInfoQuery, useClientInfo } from './api/client-info.ts';
export { useSignOut } from './api/use-sign-out.ts';
export { CurrentUserContext, useCurrentUser } from './current-user.tsx';
export { rememberProfile, rememberSession, storedUserId } from './remember-session.ts';
export { AuthCard, AuthLayout } from './components/auth-layout.tsx';
export { bindRouter, lastSignOutReason, signOutNow, type LoginLocationState } from './session.ts';
export { tourDialogSelector } from './sign-out.ts';
export { useChangePassword } from './api/use-password.ts';
export { newPasswordProblems, passwordMin } from './password-rules.ts';

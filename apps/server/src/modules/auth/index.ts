/** The auth module as other modules see it: the signed-in user, the users repository and the account's plan. */
export type { AuthRepository, UserRow } from './auth.repository.ts';
export { setPlan, setSuspended } from './auth.repository.ts';

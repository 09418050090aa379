/** The auth module as other modules see it: the signed-in user and the users repository. */
export type { AuthRepository, UserRow } from './auth.repository.ts';

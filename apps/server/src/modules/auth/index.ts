/** The auth module as other modules see it: the signed-in user, the users repository and the account's plan. */
export type { AuthRepository, UserRow } from './auth.repository.ts';
export type { AuthService } from './auth.service.ts';
export { insertUserIn, markPartner, setPlan, setSuspended } from './auth.repository.ts';
export { hashPassword, type ClientMeta } from './auth.service.ts';

import { z } from 'zod';
import { freeText } from './text.ts';
import { checkPhone, phoneMaxChars } from './phone.ts';

export const limits = {
  name: 120,
  email: 254,
  passwordMin: 8,
  passwordMax: 256,
  phoneMin: 7,
  phoneMax: 20,
  referralCode: 64,
} as const;

export const roles = ['owner', 'admin'] as const;
export type Role = (typeof roles)[number];

export const nameSchema = freeText(limits.name).min(1);
export const emailSchema = z.string().trim().toLowerCase().max(limits.email).pipe(z.email());
const toE164 = (optional: boolean) => (value: string, ctx: z.core.$RefinementCtx<string>) => {
  if (optional && value === '') return '';
  const checked = checkPhone(value);
  if (checked.ok) return checked.e164;
  ctx.addIssue({ code: 'custom', message: checked.problem });
  return z.NEVER;
};
/** A phone as a person types it, validated and answered in E.164 ("33 1234 5678" → "+523312345678"; Mexico by default). */
export const phoneSchema = z.string().trim().max(phoneMaxChars).transform(toE164(false));
/** The same, or '' for none. */
export const optionalPhoneSchema = z.string().trim().max(phoneMaxChars).transform(toE164(true));
export const passwordSchema = z.string().min(limits.passwordMin).max(limits.passwordMax);

export const signupBody = z.strictObject({
  name: nameSchema,
  email: emailSchema,
  phone_number: phoneSchema,
  password: passwordSchema,
  referral_code: freeText(limits.referralCode).optional(),
});
export type SignupBody = z.infer<typeof signupBody>;

export const loginBody = z.strictObject({
  email: emailSchema,
  password: z.string().min(1).max(limits.passwordMax),
});
export type LoginBody = z.infer<typeof loginBody>;

/** Change the password of the signed-in account: the current one proves it is the owner. */
export const changePasswordBody = z.strictObject({
  currentPassword: z.string().min(1).max(limits.passwordMax),
  newPassword: passwordSchema,
});
export type ChangePasswordBody = z.infer<typeof changePasswordBody>;

/** Ask for a reset link; the answer is the same whether or not the e-mail has an account. */
export const forgotPasswordBody = z.strictObject({ email: emailSchema });
export type ForgotPasswordBody = z.infer<typeof forgotPasswordBody>;

/** Reset tokens are 32 random bytes in base64url (43 characters). */
export const resetTokenSchema = z.string().min(1).max(128);

export const resetPasswordBody = z.strictObject({
  token: resetTokenSchema,
  password: passwordSchema,
});
export type ResetPasswordBody = z.infer<typeof resetPasswordBody>;

/** How long a reset link works, in seconds. */
export const passwordResetTtl = 60 * 60;

export const userIdParams = z.strictObject({ userId: z.uuid() });

export const updateClientBody = z.strictObject({
  id: z.uuid(),
  name: nameSchema,
  email: emailSchema,
  phone_number: phoneSchema,
});
export type UpdateClientBody = z.infer<typeof updateClientBody>;

/** The user/client entity as the browser sees it (spec section 3). */
/** What a team member may do in the account: an admin runs it but the billing; an agent answers the conversations of the bots assigned to them. */
export const seatRoles = ['admin', 'agent'] as const;
export type SeatRole = (typeof seatRoles)[number];

/** The caller's place in another account when they work in it as a team member (null: their own account). */
export const seatMembership = z.object({ accountId: z.uuid(), accountEmail: z.string(), role: z.enum(seatRoles), botIds: z.array(z.uuid()) }).nullable();
export type SeatMembership = z.infer<typeof seatMembership>;

export const clientInfo = z.object({
  id: z.uuid(),
  name: z.string(),
  email: z.string(),
  phone_number: z.string(),
  role: z.enum(roles),
  membershipTypeName: z.string(),
  membership: z.object({ membershipTypeName: z.string() }),
  isPartner: z.boolean(),
  logoUrl: z.string().nullable(),
  loggedWith: z.string(),
  createdAt: z.string(),
  /** Answered by GET /client/info only. */
  seat: seatMembership.optional(),
});
export type ClientInfo = z.infer<typeof clientInfo>;

export const authResponse = z.object({ user: clientInfo });
export type AuthResponse = z.infer<typeof authResponse>;

export const okResponse = z.object({ ok: z.boolean() });
export type OkResponse = z.infer<typeof okResponse>;

/** The answer of a call that only says it was done (a delete, a reset). */
export const doneResponse = z.object({ ok: z.literal(true) });
export type DoneResponse = z.infer<typeof doneResponse>;

export const updateClientResponse = z.object({ ok: z.literal(true), user: clientInfo });
export type UpdateClientResponse = z.infer<typeof updateClientResponse>;

/** The answer of a request that was accepted and is carried out in the background. */
export const acceptedResponse = z.object({ ok: z.literal(true) });
export type AcceptedResponse = z.infer<typeof acceptedResponse>;

/** Header the web app sends with the tenant read from the tenant cookie. */
export const portalHeader = 'x-portal';
export const partnersPortal = 'partners';

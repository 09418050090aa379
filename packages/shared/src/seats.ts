import { z } from 'zod';
import { emailSchema, nameSchema, passwordSchema, seatRoles } from './auth.ts';

/** Invited until the link is accepted; active; inactive when the owner turns the seat off. */
export const seatStatuses = ['invited', 'active', 'inactive'] as const;
export type SeatStatus = (typeof seatStatuses)[number];

/** How long an invitation link works. */
export const invitationTtlDays = 7;

export const seatLimits = { bots: 100 } as const;

const seatName = nameSchema;
const botIds = z.array(z.uuid()).max(seatLimits.bots);

export const getSeatsQuery = z.strictObject({ user_id: z.uuid() });
export type GetSeatsQuery = z.infer<typeof getSeatsQuery>;

export const seatParams = z.strictObject({ id: z.uuid() });

export const seatSchema = z.object({
  id: z.uuid(),
  name: z.string(),
  email: z.string(),
  status: z.enum(seatStatuses),
  isActive: z.boolean(),
  createdAt: z.string(),
  role: z.enum(seatRoles),
  botIds: z.array(z.uuid()),
  userId: z.uuid().nullable(),
  lastSeenAt: z.string().nullable(),
});
export type Seat = z.infer<typeof seatSchema>;

/** The answer of GET /client/get-seats: the account's seats, oldest first. */
export const seatList = z.array(seatSchema);
export type SeatList = z.infer<typeof seatList>;

export const createSeatBody = z.strictObject({
  email: emailSchema,
  name: seatName,
  role: z.enum(seatRoles),
  botIds: botIds.optional(),
});
export type CreateSeatBody = z.infer<typeof createSeatBody>;

export const updateSeatBody = z
  .strictObject({ role: z.enum(seatRoles).optional(), botIds: botIds.optional(), isActive: z.boolean().optional() })
  .refine((b) => b.role !== undefined || b.botIds !== undefined || b.isActive !== undefined, { message: 'Nothing to change' });
export type UpdateSeatBody = z.infer<typeof updateSeatBody>;

export const seatResponse = z.object({ seat: seatSchema });
export type SeatResponse = z.infer<typeof seatResponse>;

/** An invitation link's token (base64url, 43 characters when made here). */
export const invitationParams = z.strictObject({ token: z.string().min(16).max(200).regex(/^[A-Za-z0-9_-]+$/) });

export const invitationInfo = z.object({
  business: z.string(),
  inviter: z.string(),
  role: z.enum(seatRoles),
  email: z.string(),
  accountExists: z.boolean(),
  expiresAt: z.string(),
});
export type InvitationInfo = z.infer<typeof invitationInfo>;

/** `{ name, password }` makes the invited person's account; an empty body joins with the signed-in account of that e-mail. */
export const acceptInvitationBody = z.union([z.strictObject({ name: seatName, password: passwordSchema }), z.strictObject({})]);
export type AcceptInvitationBody = z.infer<typeof acceptInvitationBody>;

export const acceptInvitationResponse = z.object({ ok: z.literal(true), userId: z.uuid(), accountId: z.uuid(), created: z.boolean() });
export type AcceptInvitationResponse = z.infer<typeof acceptInvitationResponse>;


/** The exact message of a 401 on GET /client/get-seats, in every language. */
export const getSeatsUnauthenticatedMessage = 'Authentication failed. Please log in again.';

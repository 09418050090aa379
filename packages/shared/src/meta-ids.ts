/**
 * What Meta's ids and secrets look like, without zod: the server's schemas and the web app's
 * connection forms call the same checks.
 */

/** A Meta id (phone number, WhatsApp Business Account, page, Instagram account): 5 to 30 digits. */
export const metaIdPattern = /^\d{5,30}$/;
export const isMetaId = (value: string): boolean => metaIdPattern.test(value.trim());

/** A WhatsApp number's two-step verification PIN: six digits. */
export const registrationPinPattern = /^\d{6}$/;
export const isRegistrationPin = (value: string): boolean => registrationPinPattern.test(value.trim());

/** How long an access token Meta issues may be. */
export const metaTokenLength = { min: 10, max: 1000 } as const;

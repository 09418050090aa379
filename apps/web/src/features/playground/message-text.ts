/** The longest message a customer may write (`messageLimits.text` of the shared contract). */
export const MAX_MESSAGE_CHARS = 4096;

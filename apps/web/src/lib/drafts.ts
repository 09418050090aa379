/**
 * Unsent texts of the chat boxes by their key (a conversation's id), for as long as the page is
 * open and the person signed in: sign-out clears them, so whoever signs in next on this device
 * does not find another person's unsent reply.
 */
const drafts = new Map<string, string>();

export function readDraft(key: string): string | undefined {
  return drafts.get(key);
}

export function keepDraft(key: string, text: string): void {
  if (text) drafts.set(key, text);
  else drafts.delete(key);
}

export function clearDrafts(): void {
  drafts.clear();
}

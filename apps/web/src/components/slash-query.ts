/** The search of a message box whose whole text is `/` and words on one line (what the composer's suggestions look for); null otherwise. */
export function slashQuery(text: string): string | null {
  const match = /^\/([^\n]*)$/.exec(text);
  return match ? match[1]! : null;
}

/**
 * A campaign message as one recipient reads it, for the creator's phone preview. The server fills
 * the message the same way when it sends it (`fillCampaignText` of the campaigns contract); the
 * test send answers the text exactly as it went out.
 */
import { campaignTextVariables, fillCampaignText } from '@charla/shared/campaign-text';

export { campaignTextVariables as textVariables, fillCampaignText as fillText };

/** A template's text with {{1}}, {{2}}… replaced by the owner's values, themselves filled for the recipient. */
export function fillTemplate(text: string, bodyVariables: readonly string[], values: Readonly<Record<string, string>>): string {
  return text.replace(/\{\{\s*(\d+)\s*\}\}/g, (whole, n: string) => {
    const given = bodyVariables[Number(n) - 1];
    return given === undefined || given.trim() === '' ? whole : fillCampaignText(given, values);
  });
}

/** Variables a text uses that the audience does not have (they would go out empty). */
export function unknownVariables(text: string, available: readonly string[]): string[] {
  return campaignTextVariables(text).filter((name) => !/^\d+$/.test(name) && !available.includes(name));
}

/** "{{nombre}}", to insert a variable where the cursor is. */
export const variableToken = (name: string): string => `{{${name}}}`;

/** The text with a token written where the caret was (at the end when it is not known). */
export function insertAt(text: string, token: string, caret: number | null): { text: string; caret: number } {
  const at = caret === null ? text.length : Math.min(Math.max(caret, 0), text.length);
  return { text: text.slice(0, at) + token + text.slice(at), caret: at + token.length };
}

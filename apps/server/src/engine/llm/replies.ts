/** Most messages one turn sends. */
export const MAX_REPLIES = 3;
/** Longer than this is a runaway generation, not an answer. */
const MAX_CHARS = 6000;

/** Text a model sometimes emits instead of a proper tool call, or its hidden reasoning. */
const LEAKED_MARKUP = /<\|[a-z_]+\|>|<\/?tool_call>|<function[=>]|\[TOOL_CALLS\]|<\/?tool_response>/i;

/**
 * The model's final text made fit for WhatsApp: reasoning blocks removed, Markdown emphasis and
 * headings turned into WhatsApp's, links spelled out. Returns '' when nothing usable is left.
 */
export function cleanReply(text: string): string {
  return text
    .replace(/<think>[\s\S]*?<\/think>/gi, '')
    .replace(/^[\s\S]*?<\/think>/i, '')
    .replace(/\r\n?/g, '\n')
    .replace(/\*\*([^*\n]+)\*\*/g, '*$1*')
    .replace(/__([^_\n]+)__/g, '_$1_')
    .replace(/^#{1,6}\s+(.+)$/gm, '*$1*')
    .replace(/\[([^\]\n]+)\]\((https?:\/\/[^)\s]+)\)/g, (_, label: string, url: string) => (label === url ? url : `${label} (${url})`))
    .replace(/[ \t]+\n/g, '\n')
    .trim();
}

/** Whether a cleaned final text can go to a customer as it is. */
export function isUsableReply(text: string): boolean {
  if (!text || text.length > MAX_CHARS) return false;
  if (LEAKED_MARKUP.test(text)) return false;
  // A JSON object or array alone is a tool call written as text, not an answer.
  if (/^[[{]/.test(text)) {
    try {
      JSON.parse(text);
      return false;
    } catch {
      // Not JSON: prose that starts with a bracket.
    }
  }
  const letters = text.match(/\p{L}/gu)?.length ?? 0;
  return letters >= 2 && !text.includes('\uFFFD');
}

/** Splits a reply into messages on blank lines; past the limit the rest stays in the last one. */
export function splitReplies(text: string, max = MAX_REPLIES): string[] {
  const parts = text
    .split(/\n[ \t]*\n/)
    .map((p) => p.trim())
    .filter(Boolean);
  if (parts.length <= max) return parts;
  return [...parts.slice(0, max - 1), parts.slice(max - 1).join('\n\n')];
}

/**
 * One way of writing a time of day in Spanish replies, the one the engine uses for bookings
 * ("5:00 p. m."): a document's "5 pm", "5:00pm" or "5:00 P.M." is written the same way, so one
 * conversation never shows two styles. 24-hour times ("17:00") are the business's own and stay.
 */
export function spanishClock(text: string): string {
  return text.replace(/\b(\d{1,2})(?::([0-5]\d))?\s?([ap])\.?\s?m\b\.?/gi, (whole, h: string, m: string | undefined, half: string) =>
    Number(h) > 12 ? whole : `${Number(h)}:${m ?? '00'} ${half.toLowerCase()}. m.`,
  );
}

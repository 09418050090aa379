/** Days and times in a business's time zone, and how a customer reads them: the same on the server and in the web app. */
export * from './calendar-date.ts';
export * from './zoned-time.ts';
export * from './format-when.ts';

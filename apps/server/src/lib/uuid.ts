/** Whether a text is a uuid as PostgreSQL reads one: checked before a query, so a bad id is "not found" rather than a failed statement. */
export const isUuid = (text: string): boolean => /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i.test(text);

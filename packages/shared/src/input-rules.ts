/**
 * Rules for what people type (phones, web addresses, names), without zod: the server's schemas
 * and the web app's forms call the same functions (`@charla/shared/input-rules`).
 */
export * from './phone.ts';
export * from './web-address.ts';
export * from './person-name.ts';
export * from './meta-ids.ts';
export * from './clock-times.ts';
export * from './training-files.ts';
export * from './price.ts';
export * from './bot-test-rules.ts';

export * from './errors.ts';
export * from './locale.ts';
export * from './messages.ts';
export * from './auth.ts';
export * from './plans.ts';
export * from './events.ts';
export * from './templates.ts';
export * from './bots.ts';

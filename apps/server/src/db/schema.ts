export * from '../modules/auth/auth.table.ts';
export * from '../plugins/realtime.table.ts';
export * from '../modules/bots/bots.table.ts';

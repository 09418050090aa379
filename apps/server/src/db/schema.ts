export * from '../modules/auth/auth.table.ts';
export * from '../plugins/realtime.table.ts';

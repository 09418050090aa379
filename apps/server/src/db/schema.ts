export * from '../modules/auth/auth.table.ts';

export * from '../modules/auth/auth.table.ts';
export * from '../plugins/realtime.table.ts';
export * from '../modules/bots/bots.table.ts';
export * from '../modules/training/training.table.ts';
export * from '../modules/products/products.table.ts';
export * from '../modules/conversations/conversations.table.ts';
export * from '../modules/appointments/appointments.table.ts';
export * from '../channels/whatsapp-web/whatsapp-web.table.ts';

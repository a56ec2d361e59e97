export * from './messages/it.ts';
export * from './money.ts';
export * from './roles.ts';
export * from './schemas/auth.ts';

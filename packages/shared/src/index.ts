export * from './answer-types.ts';
export * from './italian-formats.ts';
export * from './messages/it.ts';
export * from './money.ts';
export * from './questionnaire.ts';
export * from './roles.ts';
export * from './schemas/auth.ts';
export * from './small-types.ts';

export * from './schema/core';
export * from './schema/users';
export * from './schema/auth';

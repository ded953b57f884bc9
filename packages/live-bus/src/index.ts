export * from './bus';
export * from './relay';
export * from './subjects';

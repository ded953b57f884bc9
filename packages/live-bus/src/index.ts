export * from './bus';
export * from './handlers';
export * from './pg-bus';
export * from './relay';
export * from './subjects';

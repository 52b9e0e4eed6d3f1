export * from './users';
export * from './title-tests';
export * from './operations';
export * from './simulator';
export * from './billing-simulator';
export * from './demo';
export * from './notifications';

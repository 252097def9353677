export * from './common';
export * from './auth';
export * from './catalogue';
export * from './orders';
export * from './notifications';
export * from './routes';
export * from './session-guard';
export * from './endpoints';

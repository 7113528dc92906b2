export * from './define';
export * from './capabilities';
export * from './capability-implications';
export * from './session-user';
export * from './catalogue';
export * from './locales';

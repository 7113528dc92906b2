export * from './define';
export * from './capabilities';
export * from './session-user';
export * from './catalogue';
export * from './locales';

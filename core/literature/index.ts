export * from './literature';
export * from './download-file-name';
export * from './ports';

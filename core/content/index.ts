/** core/content: Content pages, site configuration, help articles and the shop's routes. */
export * from './configuration';
export * from './default-configuration';
export * from './help-articles';
export * from './load-page';
export type * from './page-model';
export * from './page-path';
export * from './page-readiness';
export * from './routes';
export * from './get-help-article';
export type * from './ports';
export * from './indexing';

/**
 * The dependency rule of ARCHITECTURE.md, checked on every `npm test` (npm run arch).
 * tests/arch/guard.test.ts proves each rule fires on a violating import
 * (tests/arch/shop-entry-guard.test.ts for shop-entry-carries-no-fakes).
 */
const frameworks = [
  'react',
  'react-dom',
  'react-router',
  'react-router-dom',
  'mobx',
  'mobx-react-lite',
  'axios',
  'inversify',
  'reflect-metadata',
  '@inversifyjs',
  'fastify',
  '@fastify',
  'pg',
  '@electric-sql/pglite',
  'jose',
  'pino',
];
const nodeModule = (names) =>
  `(^|/)node_modules/(${names.map((n) => n.replace('/', '\\/')).join('|')})/`;

module.exports = {
  forbidden: [
    {
      name: 'core-is-framework-free',
      comment: 'core/ holds the rules: no React, MobX, axios, Inversify, server libraries.',
      severity: 'error',
      from: { path: '^core/' },
      to: { path: nodeModule(frameworks) },
    },
    {
      name: 'core-uses-no-node-builtins',
      comment: 'core/ runs in the browser and in Node alike: no node: modules.',
      severity: 'error',
      from: { path: '^core/' },
      to: { dependencyTypes: ['core'] },
    },
    {
      name: 'core-depends-on-nothing-outside-core',
      comment: 'core/ owns its ports; adapters, ui and server depend on core, never the other way.',
      severity: 'error',
      from: { path: '^core/' },
      to: { path: '^(adapters|ui|server)/' },
    },
    {
      name: 'ui-never-imports-server',
      severity: 'error',
      from: { path: '^ui/' },
      to: { path: '^server/' },
    },
    {
      name: 'ui-imports-adapters-only-through-di',
      comment:
        'ui/ talks to core (ports, use cases, errors) and gets implementations from the ' +
        'composition root: of adapters/ it may import only adapters/di/ (containers, modules, ' +
        'TYPES). Transport details such as the HTTP ApiError never reach a screen.',
      severity: 'error',
      from: { path: '^ui/' },
      to: { path: '^adapters/', pathNot: '^adapters/di/' },
    },
    {
      name: 'adapters-never-import-ui',
      severity: 'error',
      from: { path: '^adapters/' },
      to: { path: '^(ui|server)/' },
    },
    {
      name: 'server-never-imports-browser-layers',
      comment: 'The server may reuse pure rules from core/, never adapters or ui.',
      severity: 'error',
      from: { path: '^server/' },
      to: { path: '^(adapters|ui)/' },
    },
    {
      name: 'shop-entry-carries-no-fakes',
      comment:
        "The offline demo's fakes (adapters/fake/, and the DI files that bind them) load only " +
        'through a dynamic import (ui/app/app-container.ts, demo build). A static import from ' +
        "anywhere else would put them in every shopper's entry bundle; type-only imports vanish " +
        'at build time.',
      severity: 'error',
      from: {
        path: '^(ui|adapters)/',
        pathNot: '^adapters/(fake/|di/(fake-adapters|container)\\.ts$)',
      },
      to: {
        path: '^adapters/(fake/|di/(fake-adapters|container)\\.ts$)',
        dependencyTypesNot: ['dynamic-import', 'type-only'],
      },
    },
    {
      name: 'no-unresolvable-imports',
      severity: 'error',
      from: { path: '^(core|adapters|ui|server)/' },
      to: { couldNotResolve: true },
    },
    {
      name: 'no-circular-in-core',
      severity: 'error',
      from: { path: '^core/' },
      to: { circular: true },
    },
  ],
  options: {
    doNotFollow: { path: 'node_modules' },
    // Not node_modules: excluding it would drop the very edges the framework rule checks.
    exclude: { path: '^(dist|data)/' },
    tsPreCompilationDeps: true,
    tsConfig: { fileName: 'tsconfig.json' },
    enhancedResolveOptions: {
      exportsFields: ['exports'],
      conditionNames: ['import', 'require', 'node', 'default', 'types'],
      extensions: ['.ts', '.tsx', '.js', '.mjs', '.cjs', '.json', '.d.ts'],
    },
  },
};

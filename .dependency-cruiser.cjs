// The architecture's boundaries (DESIGN.md), checked by `npm run lint:boundaries` inside
// `npm run check`. Each rule names what it keeps apart; `scripts/boundary-check.test.ts`
// proves every rule fails on a deliberate violation.
//
// Server layers, lowest first: db, storage, http, jobs (infrastructure) → repositories →
// services and workflows → routes → app/composition root. An import may only point down.

/** Infrastructure folders of the server: they never import what is built on them. */
const serverInfra = '^apps/server/src/(db|storage|http|jobs)/';
// config.ts is read by every layer and imports nothing of the server.
const serverAbove = '^apps/server/src/(?!db/|storage/|http/|jobs/|config\\.ts$)';
const impure = require('./scripts/impure-modules.cjs');

/** @type {import('dependency-cruiser').IConfiguration} */
module.exports = {
  forbidden: [
    {
      name: 'no-cycle',
      comment: 'A cycle makes two modules one; break it by moving the shared part down.',
      severity: 'error',
      from: { path: '^(apps|packages)/' },
      to: { circular: true, viaOnly: { dependencyTypesNot: ['type-only'] } },
    },
    {
      name: 'package-imports-app',
      comment: 'A package never imports an app.',
      severity: 'error',
      from: { path: '^packages/' },
      to: { path: '^apps/' },
    },
    {
      name: 'pure-package-io',
      comment: 'core, timeline and compose are pure: no I/O, no framework, no database.',
      severity: 'error',
      from: { path: '^packages/(core|timeline|compose)/src/', pathNot: '\\.test\\.ts$' },
      to: {
        path: `^(node:)?(${impure.join('|')})$`,
      },
    },
    {
      name: 'pure-package-impure-package',
      comment: 'core, timeline and compose never import render, pipeline or process.',
      severity: 'error',
      from: { path: '^packages/(core|timeline|compose)/' },
      to: { path: '^packages/(render|pipeline|process)/' },
    },
    {
      name: 'route-imports-database',
      comment: 'Routes call services; only repositories and db/ talk to the database.',
      severity: 'error',
      from: { path: '^apps/server/src/.+-routes\\.ts$' },
      to: {
        path: '^(apps/server/src/db/|node_modules/(drizzle-orm|pg|@electric-sql/pglite)/)',
      },
    },
    {
      name: 'web-imports-server-side',
      comment: 'The web app talks to the server over HTTP; it never imports server code.',
      severity: 'error',
      from: { path: '^apps/web/src/' },
      to: { path: '^(apps/server/|packages/(render|pipeline|process)/)' },
    },
    {
      name: 'server-infra-imports-up',
      comment: 'db, storage, http and jobs are the bottom layer: they never import above.',
      severity: 'error',
      from: { path: serverInfra, pathNot: '\\.test\\.ts$' },
      to: { path: serverAbove },
    },
    {
      name: 'repository-imports-up',
      comment: 'A repository knows the database, never a service, workflow or route.',
      severity: 'error',
      from: { path: '^apps/server/src/.+-repository\\.ts$' },
      to: { path: '^apps/server/src/.+-(service|workflows|routes)\\.ts$' },
    },
    {
      name: 'service-imports-route',
      comment: 'Services and workflows never import routes.',
      severity: 'error',
      from: { path: '^apps/server/src/.+-(service|workflows)\\.ts$' },
      to: { path: '^apps/server/src/.+-routes\\.ts$' },
    },
  ],
  options: {
    doNotFollow: { path: 'node_modules' },
    exclude: { path: '(^|/)(dist|node_modules)/' },
    tsPreCompilationDeps: true,
    tsConfig: { fileName: 'tsconfig.json' },
    enhancedResolveOptions: {
      exportsFields: ['exports'],
      conditionNames: ['import', 'require', 'node', 'default', 'types'],
      extensions: ['.ts', '.tsx', '.js', '.mjs'],
    },
  },
};

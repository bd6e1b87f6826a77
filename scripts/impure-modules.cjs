// What the pure packages (core, timeline, compose) must never import (DESIGN.md: pure core,
// thin shells): read by eslint.config.js and .dependency-cruiser.cjs, so the rule is written once.
module.exports = [
  'react',
  'react-dom',
  'fastify',
  'pg',
  'pg-boss',
  '@electric-sql/pglite',
  'drizzle-orm',
  'fs',
  'fs/promises',
  'child_process',
  'net',
  'http',
  'https',
  'path',
  'os',
];

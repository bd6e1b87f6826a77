// Every boundary rule of .dependency-cruiser.cjs fails on a deliberate violation: the test
// writes one small offending module per rule into the real tree, runs the same check as
// `npm run lint:boundaries` on those modules, and removes them again.
import { spawnSync } from 'node:child_process';
import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const marker = '__boundary_probe__';

/** One offending module per rule: its path and its source. */
const probes: { rule: string; file: string; source: string }[] = [
  {
    rule: 'package-imports-app',
    file: `packages/core/src/${marker}.ts`,
    source: `export { loadConfig } from '../../../apps/server/src/config.js';\n`,
  },
  {
    rule: 'pure-package-io',
    file: `packages/timeline/src/${marker}.ts`,
    source: `import { readFileSync } from 'node:fs';\nexport const probe = readFileSync;\n`,
  },
  {
    rule: 'pure-package-impure-package',
    file: `packages/compose/src/${marker}.ts`,
    source: `export * from '../../render/src/index.js';\n`,
  },
  {
    rule: 'route-imports-database',
    file: `apps/server/src/${marker}/probe-routes.ts`,
    source: `export * from '../db/schema.js';\n`,
  },
  {
    rule: 'web-imports-server-side',
    file: `apps/web/src/${marker}.ts`,
    source: `export * from '../../../packages/pipeline/src/index.js';\n`,
  },
  {
    rule: 'server-infra-imports-up',
    file: `apps/server/src/storage/${marker}.ts`,
    source: `export * from '../${marker}/probe-service.js';\n`,
  },
  {
    rule: 'repository-imports-up',
    file: `apps/server/src/${marker}/probe-repository.ts`,
    source: `export * from './probe-service.js';\n`,
  },
  {
    rule: 'service-imports-route',
    file: `apps/server/src/${marker}/probe-service.ts`,
    source: `export * from './probe-routes.js';\nexport const probeService = 1;\n`,
  },
  {
    rule: 'no-cycle',
    file: `apps/server/src/${marker}/cycle-a.ts`,
    source: `import { b } from './cycle-b.js';\nexport const a = () => b;\n`,
  },
  {
    rule: 'no-cycle',
    file: `apps/server/src/${marker}/cycle-b.ts`,
    source: `import { a } from './cycle-a.js';\nexport const b = () => a;\n`,
  },
];

interface Violation {
  from: string;
  rule: { name: string };
}

function cruise(files: string[]): Violation[] {
  const result = spawnSync(
    process.execPath,
    [
      join(root, 'node_modules/dependency-cruiser/bin/dependency-cruise.mjs'),
      '--config',
      '.dependency-cruiser.cjs',
      '--output-type',
      'json',
      ...files,
    ],
    { cwd: root, encoding: 'utf8', maxBuffer: 64 * 1024 * 1024 },
  );
  const report = JSON.parse(result.stdout) as { summary: { violations: Violation[] } };
  return report.summary.violations;
}

describe('architecture boundaries', () => {
  const written: string[] = [];
  afterAll(() => {
    for (const file of written) rmSync(join(root, file), { force: true });
    rmSync(join(root, `apps/server/src/${marker}`), { recursive: true, force: true });
  });

  it('fails each rule on a deliberate violation', () => {
    for (const probe of probes) {
      mkdirSync(dirname(join(root, probe.file)), { recursive: true });
      writeFileSync(join(root, probe.file), probe.source);
      written.push(probe.file);
    }
    const violations = cruise(probes.map((probe) => probe.file));
    for (const rule of new Set(probes.map((probe) => probe.rule))) {
      const files = probes.filter((probe) => probe.rule === rule).map((probe) => probe.file);
      const caught = violations.some(
        (violation) => violation.rule.name === rule && files.includes(violation.from),
      );
      expect(caught, `${rule} on ${files.join(', ')}`).toBe(true);
    }
  }, 60_000);
});

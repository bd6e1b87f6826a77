// Every text in MESSAGES is shown somewhere: a text nothing reads is dead code that drifts
// from the spec unseen. knip (`npm run lint:dead`) finds unused exports; it cannot see the
// members of one exported object, so this test does it for MESSAGES.
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { MESSAGES } from '@storyloom/core';
import { expect, it } from 'vitest';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');

/** Source files that can show a text: everything tracked under packages, apps and e2e but tests. */
function readSources(): string {
  const files = execFileSync('git', ['ls-files', 'packages', 'apps', 'e2e'], {
    cwd: root,
    encoding: 'utf8',
  })
    .split('\n')
    .filter((file) => /\.(ts|tsx)$/.test(file))
    .filter((file) => !/\.test\.tsx?$/.test(file) && !file.endsWith('core/src/messages.ts'));
  return files.map((file) => readFileSync(join(root, file), 'utf8')).join('\n');
}

/** The dotted paths of MESSAGES whose last key is never named in the sources. */
function unusedPaths(sources: string): string[] {
  const unused: string[] = [];
  const walk = (node: Record<string, unknown>, path: string[]): void => {
    for (const [key, value] of Object.entries(node)) {
      if (value !== null && typeof value === 'object') {
        // A group read by a computed key (MESSAGES.failedStory[stage]) uses all its texts.
        if (new RegExp(`\\b${key}\\[`).test(sources)) continue;
        walk(value as Record<string, unknown>, [...path, key]);
      } else if (!new RegExp(`\\b${key}\\b`).test(sources)) {
        unused.push([...path, key].join('.'));
      }
    }
  };
  walk(MESSAGES, []);
  return unused;
}

it('every text in MESSAGES is used by the product', () => {
  expect(unusedPaths(readSources())).toEqual([]);
});

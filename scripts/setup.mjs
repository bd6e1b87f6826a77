#!/usr/bin/env node
// Installs what Storyloom needs and is missing, then gets out of the way.
//
//   node scripts/setup.mjs --runtime   (npm start)  npm packages + runtime system packages
//   node scripts/setup.mjs --test      (npm test)   the above + browser for end-to-end tests
//
// Plain Node, no dependencies: it runs before node_modules exists. Idempotent; when nothing
// is missing it only prints "setup: ok (Xms)". Every external command is spawned with an
// argument array (never a shell string); long outputs go to .tmp/setup-*.log and are shown
// only when a step fails.

import { spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import {
  accessSync,
  closeSync,
  constants,
  existsSync,
  mkdirSync,
  openSync,
  readdirSync,
  readFileSync,
  statSync,
  writeFileSync,
} from 'node:fs';
import { delimiter, dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const started = Date.now();
const MIN_NODE = [20, 19];

// ---------------------------------------------------------------------------------------
// System packages (Debian/Ubuntu names). One row per package; `when` is the earliest mode
// that needs it ('runtime' rows are also installed for --test). `present()` must be cheap.
// ---------------------------------------------------------------------------------------
const SYSTEM_PACKAGES = [
  {
    pkg: 'ffmpeg',
    when: 'runtime',
    why: 'rendering and media probing',
    present: () => hasCommand('ffmpeg') && hasCommand('ffprobe'),
  },
  {
    pkg: 'fonts-dejavu-core',
    when: 'runtime',
    why: 'fallback fonts',
    present: () => fontExists('DejaVuSans.ttf'),
  },
  {
    pkg: 'chromium',
    when: 'test',
    why: 'end-to-end browser tests',
    present: () => isExecutable(process.env.CHROMIUM_PATH || '/usr/bin/chromium'),
  },
  {
    pkg: 'espeak-ng',
    when: 'runtime',
    why: 'local voice-over',
    present: () => hasCommand('espeak-ng'),
  },
];

const root = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const logDir = join(root, '.tmp');

function say(line) {
  console.log(`setup: ${line}`);
}

function fail(line) {
  console.error(`setup: ${line}`);
  process.exit(1);
}

// --- arguments ---------------------------------------------------------------------------
const args = process.argv.slice(2);
let mode = 'runtime';
for (const arg of args) {
  if (arg === '--runtime') mode = 'runtime';
  else if (arg === '--test') mode = 'test';
  else if (arg === '--help' || arg === '-h') {
    console.log('usage: node scripts/setup.mjs [--runtime | --test]');
    process.exit(0);
  } else fail(`unknown argument ${arg} (use --runtime or --test)`);
}

// --- Node version ------------------------------------------------------------------------
{
  const [major, minor] = process.versions.node.split('.').map(Number);
  if (major < MIN_NODE[0] || (major === MIN_NODE[0] && minor < MIN_NODE[1])) {
    fail(
      `Node.js ${MIN_NODE.join('.')} or newer is required, this is ${process.version}. ` +
        'Install a current LTS from https://nodejs.org (or with nvm/fnm) and run again.',
    );
  }
}

// --- helpers -----------------------------------------------------------------------------
function isExecutable(file) {
  try {
    accessSync(file, constants.X_OK);
    return statSync(file).isFile();
  } catch {
    return false;
  }
}

function hasCommand(name) {
  return (process.env.PATH || '')
    .split(delimiter)
    .some((dir) => dir && isExecutable(join(dir, name)));
}

function fontExists(file) {
  // Debian/Ubuntu put fonts-dejavu-core here; look one level around it for other layouts.
  const base = '/usr/share/fonts';
  if (existsSync(join(base, 'truetype', 'dejavu', file))) return true;
  try {
    for (const kind of readdirSync(base)) {
      for (const family of safeReaddir(join(base, kind))) {
        if (existsSync(join(base, kind, family, file))) return true;
      }
    }
  } catch {
    // no /usr/share/fonts at all
  }
  return false;
}

function safeReaddir(dir) {
  try {
    return readdirSync(dir);
  } catch {
    return [];
  }
}

/** Runs a command (argument array), output to a log file; returns {ok, log}. */
function run(label, command, commandArgs, env) {
  mkdirSync(logDir, { recursive: true });
  const log = join(logDir, `setup-${label}.log`);
  const fd = openSync(log, 'w');
  const result = spawnSync(command, commandArgs, {
    cwd: root,
    stdio: ['inherit', fd, fd],
    env: env ? { ...process.env, ...env } : process.env,
  });
  closeSync(fd);
  if (result.error) writeFileSync(log, `${result.error.message}\n`, { flag: 'a' });
  return { ok: !result.error && result.status === 0, log };
}

function tail(log, lines = 30) {
  try {
    return readFileSync(log, 'utf8').trimEnd().split('\n').slice(-lines).join('\n');
  } catch {
    return '';
  }
}

function showFailure(what, log) {
  console.error(tail(log));
  fail(`${what} failed (full log: ${log})`);
}

// --- npm packages ------------------------------------------------------------------------
const npmCommand = process.platform === 'win32' ? 'npm.cmd' : 'npm';
const stampFile = join(root, 'node_modules', '.storyloom-setup.json');
const hiddenLock = join(root, 'node_modules', '.package-lock.json');
const lockFile = join(root, 'package-lock.json');

function workspaceManifests() {
  const manifests = [join(root, 'package.json')];
  const rootManifest = JSON.parse(readFileSync(manifests[0], 'utf8'));
  for (const pattern of rootManifest.workspaces || []) {
    if (pattern.endsWith('/*')) {
      const dir = join(root, pattern.slice(0, -2));
      for (const name of safeReaddir(dir).sort()) manifests.push(join(dir, name, 'package.json'));
    } else manifests.push(join(root, pattern, 'package.json'));
  }
  return manifests.filter((file) => existsSync(file));
}

/** Hash of the lock file plus every manifest's dependency lists (not scripts etc.). */
function installHash() {
  const hash = createHash('sha256');
  hash.update(existsSync(lockFile) ? readFileSync(lockFile) : 'no-lock');
  for (const file of workspaceManifests()) {
    const manifest = JSON.parse(readFileSync(file, 'utf8'));
    const deps = [
      'dependencies',
      'devDependencies',
      'optionalDependencies',
      'peerDependencies',
      'overrides',
    ].map((key) => manifest[key] || null);
    hash.update(`\n${file.slice(root.length)}\n${JSON.stringify(deps)}`);
  }
  hash.update(`\nabi ${process.versions.modules}`);
  return hash.digest('hex');
}

function readStamp() {
  try {
    return JSON.parse(readFileSync(stampFile, 'utf8'));
  } catch {
    return null;
  }
}

function writeStamp(hash) {
  writeFileSync(
    stampFile,
    `${JSON.stringify({ hash, node: process.version, at: new Date().toISOString() }, null, 2)}\n`,
  );
}

function npmInstallReason(hash) {
  if (!existsSync(hiddenLock)) return 'node_modules missing';
  if (!existsSync(lockFile)) return 'no package-lock.json';
  const stamp = readStamp();
  if (stamp) return stamp.hash === hash ? null : 'dependencies changed';
  // Installed by a plain `npm ci`/`npm install` rather than by this script: trust it when
  // npm's own record is at least as new as the lock file, and remember that.
  if (statSync(hiddenLock).mtimeMs >= statSync(lockFile).mtimeMs) {
    writeStamp(hash);
    return null;
  }
  return 'package-lock.json is newer than node_modules';
}

{
  const reason = npmInstallReason(installHash());
  if (reason) {
    say(`npm ci (${reason})`);
    let result = run('npm', npmCommand, ['ci', '--no-audit', '--no-fund']);
    if (!result.ok) {
      const out = tail(result.log, 200);
      const lockMismatch =
        /in sync|missing from the lock file|lock file's .* does not satisfy|Invalid: lock file|EUSAGE/i.test(
          out,
        );
      if (!lockMismatch) showFailure('npm ci', result.log);
      say('npm install (package.json and package-lock.json differ)');
      result = run('npm', npmCommand, ['install', '--no-audit', '--no-fund']);
      if (!result.ok) showFailure('npm install', result.log);
    }
    writeStamp(installHash());
  }
}

// --- system packages ---------------------------------------------------------------------
{
  const wanted = SYSTEM_PACKAGES.filter((row) => row.when === 'runtime' || mode === 'test');
  const missing = wanted.filter((row) => !row.present());
  if (missing.length > 0) {
    const names = missing.map((row) => row.pkg);
    const isRoot = typeof process.getuid === 'function' && process.getuid() === 0;
    const hasApt = hasCommand('apt-get');
    const prefix = isRoot ? [] : hasCommand('sudo') ? ['sudo'] : null;
    if (!hasApt || prefix === null) {
      const list = missing.map((row) => `  ${row.pkg} (${row.why})`).join('\n');
      console.error(`setup: missing system packages:\n${list}`);
      console.error(
        hasApt
          ? `setup: run as root: apt-get install -y --no-install-recommends ${names.join(' ')}`
          : `setup: install them with your system's package manager (Debian/Ubuntu names above)`,
      );
      if (missing.some((row) => !row.optional)) process.exit(1);
    } else {
      const apt = (label, aptArgs) => {
        const [command, ...rest] = [
          ...prefix,
          'env',
          'DEBIAN_FRONTEND=noninteractive',
          'apt-get',
          ...aptArgs,
        ];
        return run(label, command, rest);
      };
      const t0 = Date.now();
      say(
        `apt-get install ${names.join(' ')} (${missing.map((row) => row.why).join(', ')}); this can take a few minutes`,
      );
      const update = apt('apt-update', ['update']);
      if (!update.ok) showFailure('apt-get update', update.log);
      const install = apt('apt-install', ['install', '-y', '--no-install-recommends', ...names]);
      if (!install.ok) showFailure(`apt-get install ${names.join(' ')}`, install.log);
      const stillMissing = missing.filter((row) => !row.present());
      if (stillMissing.length > 0) {
        fail(
          `installed, but still not found: ${stillMissing.map((row) => row.pkg).join(' ')} (log: ${install.log})`,
        );
      }
      say(`installed ${names.join(' ')} in ${Math.round((Date.now() - t0) / 1000)}s`);
    }
  }
}

say(`ok (${Date.now() - started}ms)`);

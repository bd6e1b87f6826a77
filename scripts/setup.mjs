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
    why: 'last-resort voice-over',
    present: () => hasCommand('espeak-ng'),
  },
  {
    pkg: 'festival',
    when: 'runtime',
    why: 'voice-over when RHVoice is missing',
    present: () => hasCommand('festival'),
  },
  {
    pkg: 'festvox-us-slt-hts',
    when: 'runtime',
    why: "festival's natural (HTS) voice",
    present: () => existsSync('/usr/share/festival/voices/us/cmu_us_slt_arctic_hts'),
  },
  {
    pkg: 'pocketsphinx',
    when: 'runtime',
    why: 'local speech recognition',
    present: () => hasCommand('pocketsphinx_continuous'),
  },
  {
    pkg: 'pocketsphinx-en-us',
    when: 'runtime',
    why: 'English model for speech recognition',
    present: () => existsSync('/usr/share/pocketsphinx/model/en-us/cmudict-en-us.dict'),
  },
  {
    pkg: 'fluidsynth',
    when: 'runtime',
    why: 'stock music library rendering',
    present: () => hasCommand('fluidsynth'),
  },
  {
    pkg: 'musescore-general-soundfont-small',
    when: 'runtime',
    why: 'instruments of the stock music library (MIT)',
    present: () => existsSync('/usr/share/sounds/sf3/MuseScore_General_Lite.sf3'),
  },
  // In Debian's non-free section (the voices Storyloom uses, alan, bdl, clb and slt, are LGPL):
  // setup enables that section for these packages only (see enableNonFree). Without them
  // voice-over falls back to festival, which the server says in its log.
  {
    pkg: 'rhvoice',
    when: 'runtime',
    why: 'natural voice-over (RHVoice)',
    present: () => hasCommand('RHVoice-test'),
    optional: true,
    nonFree: true,
  },
  {
    pkg: 'rhvoice-english',
    when: 'runtime',
    why: 'English RHVoice voices (alan, bdl, clb, slt)',
    present: () => existsSync('/usr/share/RHVoice/voices/slt'),
    optional: true,
    nonFree: true,
  },
];

// Debian's non-free section is added as its own source, and pinned so that apt takes nothing
// from it but RHVoice (priority -1 for everything else there).
const NON_FREE_SOURCES = '/etc/apt/sources.list.d/storyloom-non-free.sources';
const NON_FREE_PIN = '/etc/apt/preferences.d/storyloom-non-free';
const NON_FREE_PACKAGES = 'rhvoice rhvoice-* librhvoice*';
// An optional package that could not be installed is tried again after this long (so a start
// on a machine without access to non-free stays fast).
const OPTIONAL_RETRY_MS = 24 * 60 * 60 * 1000;

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
function osRelease() {
  try {
    return Object.fromEntries(
      readFileSync('/etc/os-release', 'utf8')
        .split('\n')
        .map((line) => /^([A-Z_]+)=(.*)$/.exec(line))
        .filter(Boolean)
        .map(([, key, value]) => [key, value.replace(/^"|"$/g, '')]),
    );
  } catch {
    return {};
  }
}

/** The archive URI the machine already uses for Debian's main section (a mirror, if any). */
function debianArchiveUri(codename) {
  const files = [
    '/etc/apt/sources.list',
    ...safeReaddir('/etc/apt/sources.list.d').map((f) => join('/etc/apt/sources.list.d', f)),
  ];
  for (const file of files) {
    if (file === NON_FREE_SOURCES || !/\.(list|sources)$/.test(file)) continue;
    let text;
    try {
      text = readFileSync(file, 'utf8');
    } catch {
      continue;
    }
    for (const block of text.split(/\n\s*\n/)) {
      const field = (name) =>
        new RegExp(`^${name}:\\s*(.+)$`, 'mi').exec(block)?.[1].trim().split(/\s+/) ?? [];
      if (field('Suites').includes(codename) && field('Components').includes('main')) {
        const uri = field('URIs')[0];
        if (uri) return uri;
      }
    }
    for (const line of text.split('\n')) {
      const match = /^deb\s+(?:\[[^\]]*\]\s+)?(\S+)\s+(\S+)\s+(.*)$/.exec(line.trim());
      if (match && match[2] === codename && match[3].split(/\s+/).includes('main')) return match[1];
    }
  }
  return 'http://deb.debian.org/debian';
}

/**
 * Adds Debian's non-free section for RHVoice only: a source for the section plus an apt pin
 * that gives every other non-free package priority -1 (never installed from there). Returns
 * false (with the reason said) where that cannot be done, e.g. not on Debian.
 */
function enableNonFree(prefix) {
  if (existsSync(NON_FREE_SOURCES) && existsSync(NON_FREE_PIN)) return true;
  const os = osRelease();
  if (os.ID !== 'debian' || !os.VERSION_CODENAME) {
    say(`not Debian (${os.ID || 'unknown'}): RHVoice is tried from the enabled sections only`);
    return true;
  }
  const codename = os.VERSION_CODENAME;
  const keyring = '/usr/share/keyrings/debian-archive-keyring.gpg';
  const sources = [
    '# Added by Storyloom setup: Debian non-free, for RHVoice only (see storyloom-non-free in',
    '# /etc/apt/preferences.d). Remove both files to undo.',
    'Types: deb',
    `URIs: ${debianArchiveUri(codename)}`,
    `Suites: ${codename}`,
    'Components: non-free',
    ...(existsSync(keyring) ? [`Signed-By: ${keyring}`] : []),
    '',
  ].join('\n');
  const pin = [
    '# Added by Storyloom setup: from Debian non-free, take RHVoice and nothing else.',
    `Package: ${NON_FREE_PACKAGES}`,
    'Pin: release o=Debian,c=non-free',
    'Pin-Priority: 500',
    '',
    'Package: *',
    'Pin: release o=Debian,c=non-free',
    'Pin-Priority: -1',
    '',
  ].join('\n');
  mkdirSync(logDir, { recursive: true });
  for (const [content, target] of [
    [pin, NON_FREE_PIN],
    [sources, NON_FREE_SOURCES],
  ]) {
    const staged = join(logDir, target.split('/').pop());
    writeFileSync(staged, content);
    const [command, ...rest] = [...prefix, 'install', '-m', '0644', staged, target];
    const result = run('non-free', command, rest);
    if (!result.ok) {
      console.error(tail(result.log));
      return false;
    }
  }
  say(
    `enabled Debian non-free for ${NON_FREE_PACKAGES} only (${NON_FREE_SOURCES}, pinned in ${NON_FREE_PIN})`,
  );
  return true;
}

const optionalStamp = join(logDir, 'setup-optional.json');

/** Optional packages that failed to install recently: not tried again on every start. */
function recentlyFailed() {
  try {
    const stamp = JSON.parse(readFileSync(optionalStamp, 'utf8'));
    return Date.now() - Date.parse(stamp.at) < OPTIONAL_RETRY_MS ? stamp : null;
  } catch {
    return null;
  }
}

{
  const wanted = SYSTEM_PACKAGES.filter((row) => row.when === 'runtime' || mode === 'test');
  let missing = wanted.filter((row) => !row.present());
  const skipped = recentlyFailed();
  if (skipped) {
    const held = missing.filter((row) => row.optional && skipped.packages.includes(row.pkg));
    if (held.length > 0) {
      say(
        `${held.map((row) => row.pkg).join(' ')} could not be installed at ${skipped.at}; voice-over uses festival or espeak-ng (delete ${optionalStamp} to try again)`,
      );
      missing = missing.filter((row) => !held.includes(row));
    }
  }
  if (missing.length > 0) {
    const names = missing.map((row) => row.pkg);
    const isRoot = typeof process.getuid === 'function' && process.getuid() === 0;
    const hasApt = hasCommand('apt-get');
    const prefix = isRoot ? [] : hasCommand('sudo') ? ['sudo'] : null;
    if (!hasApt || prefix === null) {
      const list = missing
        .map((row) => `  ${row.pkg} (${row.why}${row.optional ? ', optional' : ''})`)
        .join('\n');
      console.error(`setup: missing system packages:\n${list}`);
      console.error(
        hasApt
          ? `setup: run as root: apt-get install -y --no-install-recommends ${names.join(' ')}` +
              (missing.some((row) => row.nonFree) ? ' (RHVoice needs the non-free section)' : '')
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
      const nonFree = missing.filter((row) => row.nonFree);
      const required = missing.filter((row) => !row.optional);
      const sourcesReady = nonFree.length === 0 || enableNonFree(prefix);
      const update = apt('apt-update', ['update']);
      if (!update.ok) {
        if (required.length > 0) showFailure('apt-get update', update.log);
        console.error(tail(update.log));
      }
      const install = (label, rows) =>
        apt(label, ['install', '-y', '--no-install-recommends', ...rows.map((row) => row.pkg)]);
      const main = missing.filter((row) => !row.nonFree);
      if (main.length > 0) {
        const result = install('apt-install', main);
        if (!result.ok && required.length > 0)
          showFailure(`apt-get install ${main.map((row) => row.pkg).join(' ')}`, result.log);
      }
      if (nonFree.length > 0 && sourcesReady && update.ok) install('apt-install-non-free', nonFree);
      const stillMissing = missing.filter((row) => !row.present());
      const requiredMissing = stillMissing.filter((row) => !row.optional);
      if (requiredMissing.length > 0) {
        fail(
          `installed, but still not found: ${requiredMissing.map((row) => row.pkg).join(' ')} (logs in ${logDir})`,
        );
      }
      if (stillMissing.length > 0) {
        const packages = stillMissing.map((row) => row.pkg);
        writeFileSync(
          optionalStamp,
          `${JSON.stringify({ packages, at: new Date().toISOString() })}\n`,
        );
        say(
          `could not install ${packages.join(' ')} (logs in ${logDir}); voice-over falls back to festival, then espeak-ng`,
        );
      }
      const done = names.filter((name) => !stillMissing.some((row) => row.pkg === name));
      if (done.length > 0)
        say(`installed ${done.join(' ')} in ${Math.round((Date.now() - t0) / 1000)}s`);
    }
  }
}

say(`ok (${Date.now() - started}ms)`);

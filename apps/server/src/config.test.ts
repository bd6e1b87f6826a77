import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './config.js';

const dataDir = () => mkdtempSync(path.join(tmpdir(), 'storyloom-config-'));

describe('loadConfig', () => {
  it('runs on embedded defaults and keeps a generated secret in the data folder', () => {
    const dir = dataDir();
    const config = loadConfig({ DATA_DIR: dir }, []);
    expect(config).toMatchObject({
      mode: 'all',
      port: 3000,
      databaseUrl: undefined,
      seedDemo: true,
      publicUrl: 'http://localhost:3000',
    });
    expect(config.authSecret.length).toBeGreaterThanOrEqual(32);
    expect(readFileSync(path.join(dir, 'auth-secret'), 'utf8').trim()).toBe(config.authSecret);
    expect(loadConfig({ DATA_DIR: dir }, []).authSecret).toBe(config.authSecret);
  });

  it('names every bad variable and what is wrong with it', () => {
    let error: unknown;
    try {
      loadConfig(
        { DATA_DIR: dataDir(), PORT: 'eighty', DATABASE_URL: 'mysql://x', SEED_DEMO: 'maybe' },
        [],
      );
    } catch (e) {
      error = e;
    }
    expect(error).toBeInstanceOf(ConfigError);
    const message = (error as Error).message;
    expect(message).toMatch(/PORT: /);
    expect(message).toMatch(/DATABASE_URL: must be a postgres:\/\/ or postgresql:\/\/ URL/);
    expect(message).toMatch(/SEED_DEMO: must be true or false, got 'maybe'/);
  });

  it('takes the mode from the command line and refuses a worker without PostgreSQL', () => {
    const dir = dataDir();
    expect(loadConfig({ DATA_DIR: dir }, ['serve']).mode).toBe('serve');
    expect(() => loadConfig({ DATA_DIR: dir }, ['sideways'])).toThrow(/Invalid mode 'sideways'/);
    expect(() => loadConfig({ DATA_DIR: dir }, ['worker'])).toThrow(/needs DATABASE_URL/);
    expect(loadConfig({ DATA_DIR: dir, DATABASE_URL: 'postgres://u@h/db' }, ['worker']).mode).toBe(
      'worker',
    );
  });
});

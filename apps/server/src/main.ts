import { ConfigError, loadConfig } from './config.js';
import { startStoryloom } from './server.js';

async function main() {
  let config;
  try {
    config = loadConfig();
  } catch (error) {
    if (error instanceof ConfigError) {
      console.error(error.message);
      process.exit(2);
    }
    throw error;
  }
  // In the `all` mode the jobs run in supervised copies of this program in `worker` mode.
  const storyloom = await startStoryloom(config, {
    workerProgram: { modulePath: process.argv[1]!, args: ['worker'] },
  });
  let stopping = false;
  const stop = (signal: string) => {
    if (stopping) return;
    stopping = true;
    storyloom.app.log.info({ signal }, 'stopping');
    storyloom.close().then(
      () => process.exit(0),
      (error: unknown) => {
        storyloom.app.log.error({ err: error }, 'stopping failed');
        process.exit(1);
      },
    );
  };
  process.on('SIGINT', () => stop('SIGINT'));
  process.on('SIGTERM', () => stop('SIGTERM'));
  // A supervised worker whose parent is gone has no database and no supervisor: it stops.
  if (config.supervised) process.on('disconnect', () => stop('disconnect'));
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});

// npm run bench:generate — a 150-word script to a completed explainer story with its exported
// MP4, on the local providers, in one embedded Storyloom (PGlite, local storage). Prints the
// wall seconds of every stage, the video's duration and the ratio wall ÷ video duration.
import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { loadConfig } from '../src/config.js';
import { startStoryloom } from '../src/server.js';
import { signUp } from '../test/helpers.js';

const SCRIPT = `Every great invention starts with a simple question. What if we could make this easier?
Thomas looked at the crowded streets of his city and wondered why moving around felt so slow.
He sketched ideas on napkins, in notebooks, and on the back of old train tickets.
Most of them failed, but each failure taught him something new about people and machines.
One rainy evening, he watched a child ride a small scooter through the puddles with a huge smile.
That was the moment everything clicked. Transport did not need to be bigger. It needed to be lighter, friendlier and shared.
He built a prototype in his garage, tested it with friends, and listened carefully to every complaint.
Months later, the first hundred scooters rolled onto the streets.
Today, millions of people use his idea every single day.
The lesson is simple: notice the small moments, ask good questions, and keep building.`;

const run = promisify(execFile);
const dataDir = mkdtempSync(path.join(tmpdir(), 'storyloom-bench-'));
const port = await new Promise<number>((resolve) => {
  const probe = createServer().listen(0, '127.0.0.1', () => {
    const address = probe.address();
    probe.close(() => resolve(typeof address === 'object' && address ? address.port : 0));
  });
});
const baseUrl = `http://127.0.0.1:${port}`;
const config = loadConfig(
  {
    PORT: String(port),
    HOST: '127.0.0.1',
    PUBLIC_URL: baseUrl,
    DATA_DIR: dataDir,
    LOG_LEVEL: 'error',
    SEED_DEMO: 'false',
    ...(process.env.EXPORT_MAX_SIDE ? { EXPORT_MAX_SIDE: process.env.EXPORT_MAX_SIDE } : {}),
  },
  [],
);
const storyloom = await startStoryloom(config);
try {
  const { client } = await signUp(baseUrl, 'Bench');
  const words = SCRIPT.split(/\s+/).length;
  const seen: { status: string; at: number }[] = [];
  const started = Date.now();
  let runId = '';
  storyloom.ctx.workflows.events.on('change', (id: string) => {
    if (id !== runId) return;
    void storyloom.ctx.workflows.get(id).then((r) => {
      if (r && seen.at(-1)?.status !== r.status) seen.push({ status: r.status, at: Date.now() });
    });
  });
  const start = await client.post('/stories/workflow/generate_script_to_video', {
    script_content: SCRIPT,
    auto_rewrite: false,
    visual_style: 'photorealistic',
  });
  runId = (start.body as { workflowRunId: string }).workflowRunId;
  // The run starts in creating_story before its id is known here.
  if (seen.length === 0) seen.push({ status: 'processing:creating_story', at: started });
  if (!runId) throw new Error(`could not start: ${JSON.stringify(start.body)}`);
  let finished;
  for (;;) {
    finished = await storyloom.ctx.workflows.get(runId);
    if (finished && (finished.status === 'completed' || finished.status.startsWith('failed')))
      break;
    await new Promise((r) => setTimeout(r, 100));
  }
  const wall = (Date.now() - started) / 1000;
  if (finished.status !== 'completed')
    throw new Error(`run ended ${finished.status}: ${finished.error}`);
  const story = (await client.get(`/stories/${finished.storyId}`)).body as {
    last_export_url?: string;
  };
  const exportKey = story.last_export_url ?? '';
  const file = path.join(dataDir, 'media', exportKey.replace(/^\/media\//, ''));
  const { stdout } = await run('ffprobe', [
    '-v',
    'error',
    '-show_entries',
    'format=duration',
    '-of',
    'csv=p=0',
    file,
  ]);
  const duration = Number(stdout.trim());
  console.log(`script: ${words} words`);
  console.log('stage                               seconds');
  for (let i = 0; i < seen.length; i++) {
    const end = seen[i + 1]?.at ?? Date.now();
    if (seen[i]!.status === 'completed') break;
    console.log(`${seen[i]!.status.padEnd(36)}${((end - seen[i]!.at) / 1000).toFixed(2)}`);
  }
  console.log(`wall seconds:    ${wall.toFixed(2)}`);
  console.log(`video duration:  ${duration.toFixed(2)} s`);
  console.log(`wall ÷ duration: ${(wall / duration).toFixed(2)}`);
} finally {
  await storyloom.close();
  if (process.env.KEEP_BENCH_DATA) console.log(`data kept in ${dataDir}`);
  else rmSync(dataDir, { recursive: true, force: true });
}

// npm run bench:generate — a 150-word script to a completed explainer story with its exported
// MP4, on the local providers, in one embedded Storyloom (PGlite, local storage). Prints the
// wall and CPU seconds of every stage, the video's duration and the ratio wall ÷ video
// duration; then the floor of its own export (a re-encode of the exported MP4 at the export's
// settings, timed in the same run) with the export stage's ratio to it, wall and CPU, and the
// export broken down by the renderer's own phase timings.
import { execFile } from 'node:child_process';
import { subscribe } from 'node:diagnostics_channel';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { availableParallelism, loadavg, tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import {
  bareReencodeArgs,
  RENDER_PHASE_CHANNEL,
  runFfmpeg,
  type RenderPhaseTiming,
} from '@storyloom/render';
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

/**
 * CPU seconds of this process and of its children that have exited (ffmpeg and the other
 * tools), from /proc: the work of the whole run, wherever it happened.
 */
function cpuSeconds(): number {
  const fields = readFileSync('/proc/self/stat', 'utf8').split(') ')[1]!.split(' ');
  // utime, stime, cutime, cstime are fields 14-17 of stat (11-14 after the name).
  const ticks = [11, 12, 13, 14].reduce((sum, i) => sum + Number(fields[i]), 0);
  return ticks / 100; // USER_HZ
}

const phases: (RenderPhaseTiming & { at: number })[] = [];
subscribe(RENDER_PHASE_CHANNEL, (message) => {
  phases.push({ ...(message as RenderPhaseTiming), at: Date.now() });
});
const load = () =>
  loadavg()
    .map((l) => l.toFixed(2))
    .join(' ');
const loadAtStart = load();
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
  const seen: { status: string; at: number; cpu: number }[] = [];
  const started = Date.now();
  const startedCpu = cpuSeconds();
  let runId = '';
  storyloom.ctx.workflows.events.on('change', (id: string) => {
    if (id !== runId) return;
    const at = Date.now();
    const cpu = cpuSeconds();
    void storyloom.ctx.workflows.get(id).then((r) => {
      if (r && seen.at(-1)?.status !== r.status) seen.push({ status: r.status, at, cpu });
    });
  });
  const start = await client.post('/stories/workflow/generate_script_to_video', {
    script_content: SCRIPT,
    auto_rewrite: false,
    visual_style: 'photorealistic',
  });
  runId = (start.body as { workflowRunId: string }).workflowRunId;
  // The run starts in creating_story before its id is known here.
  if (seen.length === 0)
    seen.push({ status: 'processing:creating_story', at: started, cpu: startedCpu });
  if (!runId) throw new Error(`could not start: ${JSON.stringify(start.body)}`);
  let finished;
  for (;;) {
    finished = await storyloom.ctx.workflows.get(runId);
    if (finished && (finished.status === 'completed' || finished.status.startsWith('failed')))
      break;
    await new Promise((r) => setTimeout(r, 100));
  }
  const endedAt = Date.now();
  const endedCpu = cpuSeconds();
  const wall = (endedAt - started) / 1000;
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
  // The floor: the exported MP4 re-encoded at the export's settings, in this run.
  const floorStarted = Date.now();
  const floorCpu = cpuSeconds();
  await runFfmpeg(bareReencodeArgs(file, path.join(dataDir, 'floor.mp4')));
  const floor = { wall: (Date.now() - floorStarted) / 1000, cpu: cpuSeconds() - floorCpu };

  console.log(`script: ${words} words`);
  console.log('stage                               wall s   cpu s');
  let exportStage: { wall: number; cpu: number; from: number; to: number } | undefined;
  for (let i = 0; i < seen.length; i++) {
    if (seen[i]!.status === 'completed') break;
    const end = seen[i + 1] ?? { at: endedAt, cpu: endedCpu };
    const stage = {
      wall: (end.at - seen[i]!.at) / 1000,
      cpu: end.cpu - seen[i]!.cpu,
      from: seen[i]!.at,
      to: end.at,
    };
    if (seen[i]!.status === 'processing:exporting_video') exportStage = stage;
    console.log(
      `${seen[i]!.status.padEnd(36)}${stage.wall.toFixed(2).padStart(6)}  ${stage.cpu.toFixed(2).padStart(6)}`,
    );
  }
  console.log(`wall seconds:    ${wall.toFixed(2)} (cpu ${(endedCpu - startedCpu).toFixed(2)})`);
  console.log(`video duration:  ${duration.toFixed(2)} s`);
  console.log(`wall ÷ duration: ${(wall / duration).toFixed(2)}`);
  console.log(
    `floor (re-encode of the export): ${floor.wall.toFixed(2)} s wall, ${floor.cpu.toFixed(2)} s cpu`,
  );
  if (exportStage) {
    console.log(
      `export ÷ floor:  ${(exportStage.wall / floor.wall).toFixed(2)} wall, ${(exportStage.cpu / floor.cpu).toFixed(2)} cpu`,
    );
    console.log('export phase        ms (summed)   count');
    const inExport = phases.filter(
      (p) => p.at >= exportStage.from && p.at <= exportStage.to + 1000,
    );
    for (const name of ['probe', 'overlays', 'segment', 'loudness', 'sound', 'assemble'] as const) {
      const runs = inExport.filter((p) => p.phase === name);
      const ms = runs.reduce((sum, p) => sum + p.ms, 0);
      const count = runs.reduce((sum, p) => sum + p.count, 0);
      console.log(
        `${name.padEnd(20)}${ms.toFixed(0).padStart(11)}   ${count} in ${runs.length} run(s)`,
      );
    }
  }
  console.log(
    `load average: ${loadAtStart} at start, ${load()} at end (${availableParallelism()} cores)`,
  );
} finally {
  await storyloom.close();
  if (process.env.KEEP_BENCH_DATA) console.log(`data kept in ${dataDir}`);
  else rmSync(dataDir, { recursive: true, force: true });
}

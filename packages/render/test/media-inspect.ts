import { execFile, spawn } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';
import { promisify } from 'node:util';

const run = promisify(execFile);

export interface Probe {
  video: { width: number; height: number; fps: number; frames: number; duration: number };
  audio: { sampleRate: number; duration: number } | null;
  duration: number;
}

/** ffprobe of a rendered file, counting its frames. */
export async function probe(file: string): Promise<Probe> {
  const { stdout } = await run('ffprobe', [
    '-v',
    'error',
    '-count_frames',
    '-print_format',
    'json',
    '-show_entries',
    'stream=codec_type,width,height,r_frame_rate,nb_read_frames,sample_rate,duration:format=duration',
    file,
  ]);
  const json = JSON.parse(stdout) as {
    streams: Record<string, string | number>[];
    format: { duration: string };
  };
  const v = json.streams.find((s) => s.codec_type === 'video')!;
  const a = json.streams.find((s) => s.codec_type === 'audio');
  const [n, d] = String(v.r_frame_rate).split('/').map(Number);
  return {
    video: {
      width: Number(v.width),
      height: Number(v.height),
      fps: n! / d!,
      frames: Number(v.nb_read_frames),
      duration: Number(v.duration),
    },
    audio: a ? { sampleRate: Number(a.sample_rate), duration: Number(a.duration) } : null,
    duration: Number(json.format.duration),
  };
}

export interface Frame {
  width: number;
  height: number;
  /** rgb24 */
  data: Buffer;
}

/** Decodes the frames with the given indices (0-based) as RGB images. */
export async function framesAt(file: string, indices: number[]): Promise<Map<number, Frame>> {
  const { video } = await probe(file);
  const sorted = [...new Set(indices)].sort((a, b) => a - b);
  const select = sorted.map((i) => `eq(n\\,${i})`).join('+');
  const data = await new Promise<Buffer>((resolve, reject) => {
    const child = spawn('ffmpeg', [
      '-v',
      'error',
      '-i',
      file,
      '-vf',
      `select='${select}'`,
      '-fps_mode',
      'passthrough',
      '-f',
      'rawvideo',
      '-pix_fmt',
      'rgb24',
      '-',
    ]);
    const chunks: Buffer[] = [];
    child.stdout.on('data', (c: Buffer) => chunks.push(c));
    child.on('error', reject);
    child.on('close', (code) =>
      code === 0 ? resolve(Buffer.concat(chunks)) : reject(new Error(`ffmpeg exit ${code}`)),
    );
  });
  const size = video.width * video.height * 3;
  const frames = new Map<number, Frame>();
  sorted.forEach((index, i) =>
    frames.set(index, {
      width: video.width,
      height: video.height,
      data: data.subarray(i * size, (i + 1) * size),
    }),
  );
  return frames;
}

export interface Region {
  x: number;
  y: number;
  width: number;
  height: number;
}

/** Average colour of a region. */
export function averageColor(frame: Frame, region: Region): [number, number, number] {
  const sum = [0, 0, 0];
  let count = 0;
  for (let y = region.y; y < region.y + region.height; y++) {
    for (let x = region.x; x < region.x + region.width; x++) {
      const o = (y * frame.width + x) * 3;
      sum[0]! += frame.data[o]!;
      sum[1]! += frame.data[o + 1]!;
      sum[2]! += frame.data[o + 2]!;
      count++;
    }
  }
  return sum.map((v) => Math.round(v / count)) as [number, number, number];
}

/** How many pixels of a region are saturated colours (not white, grey or black: a colour emoji's). */
export function colourPixels(frame: Frame, region: Region, spread = 80): number {
  let count = 0;
  for (let y = region.y; y < region.y + region.height; y++) {
    for (let x = region.x; x < region.x + region.width; x++) {
      const o = (y * frame.width + x) * 3;
      const [r, g, b] = [frame.data[o]!, frame.data[o + 1]!, frame.data[o + 2]!];
      if (Math.max(r, g, b) - Math.min(r, g, b) > spread) count++;
    }
  }
  return count;
}

/** How many pixels of a region are near-white (text, the watermark's letters). */
export function brightPixels(frame: Frame, region: Region, threshold = 200): number {
  let count = 0;
  for (let y = region.y; y < region.y + region.height; y++) {
    for (let x = region.x; x < region.x + region.width; x++) {
      const o = (y * frame.width + x) * 3;
      if (
        frame.data[o]! > threshold &&
        frame.data[o + 1]! > threshold &&
        frame.data[o + 2]! > threshold
      )
        count++;
    }
  }
  return count;
}

/** RMS level (0..1) of the sound between two times, mixed to mono. */
export async function rmsLevel(file: string, from: number, duration: number): Promise<number> {
  const { stdout } = await run(
    'ffmpeg',
    [
      '-v',
      'error',
      '-ss',
      String(from),
      '-t',
      String(duration),
      '-i',
      file,
      '-vn',
      '-ac',
      '1',
      '-ar',
      '48000',
      '-f',
      's16le',
      '-',
    ],
    { encoding: 'buffer', maxBuffer: 64 * 1024 * 1024 },
  );
  const samples = new Int16Array(stdout.buffer, stdout.byteOffset, Math.floor(stdout.length / 2));
  let sum = 0;
  for (const s of samples) sum += (s / 32768) ** 2;
  return Math.sqrt(sum / Math.max(1, samples.length));
}

/** Integrated loudness (LUFS, EBU R128) of a file's sound, as ffmpeg's ebur128 measures it. */
export async function integratedLoudness(file: string): Promise<number> {
  const { stderr } = await run('ffmpeg', [
    '-hide_banner',
    '-nostdin',
    '-i',
    file,
    '-vn',
    '-af',
    'ebur128',
    '-f',
    'null',
    '-',
  ]);
  const summary = stderr.slice(stderr.lastIndexOf('Summary:'));
  return Number(/I:\s+(-?[\d.]+) LUFS/.exec(summary)?.[1] ?? NaN);
}

/** ffmpeg/ffprobe processes whose parent is this process. */
export function childFfmpegProcesses(): number[] {
  const pids: number[] = [];
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const stat = readFileSync(`/proc/${entry}/stat`, 'utf8');
      const comm = stat.slice(stat.indexOf('(') + 1, stat.lastIndexOf(')'));
      const ppid = Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]);
      if (ppid === process.pid && /^ff(mpeg|probe)$/.test(comm)) pids.push(Number(entry));
    } catch {
      // the process ended while we looked
    }
  }
  return pids;
}

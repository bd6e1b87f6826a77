import { describe, expect, it } from 'vitest';
import { videoEditorTimelineSchema, type VideoEditorTimelineInput } from '@storyloom/core';
import { audioEnvelope, composeTimeline, imageMotionFor } from '@storyloom/compose';
import { calculateATempo, formatNumber } from './calculate-atempo';
import {
  assembleCommand,
  bareReencodeArgs,
  concatList,
  loudnessCommand,
  parseLoudness,
  segmentCommand,
  soundCommand,
} from './ffmpeg-args';
import { buildRenderPlan, type MediaInfo } from './render-plan';
import { parseTimelineForRender } from './render-timeline';
import { RenderError } from './render-error';

/** Text measured as 0.5 em per character, so plans are predictable. */
const measure = (font: string, spacing: number, text: string) =>
  text.length * (Number(/([\d.]+)px/.exec(font)?.[1] ?? 10) * 0.5 + spacing);
const measureContext = {
  font: '',
  letterSpacing: '0px',
  measureText(text: string) {
    return { width: measure(this.font, 0, text) };
  },
};

const media = new Map<string, MediaInfo>([
  ['v', { path: '/m/v.mp4', hasVideo: true, hasAudio: true, width: 1280, height: 720 }],
  ['i', { path: '/m/i.png', hasVideo: true, hasAudio: false, width: 800, height: 800 }],
  ['a', { path: '/m/a.wav', hasVideo: false, hasAudio: true }],
]);

function plan(
  tracks: VideoEditorTimelineInput['tracks'],
  extra: Partial<Parameters<typeof buildRenderPlan>[0]> = {},
) {
  const timeline = videoEditorTimelineSchema.parse({
    mediaAssets: [
      { id: 'v', url: '/m/v.mp4', resource_type: 'video' },
      { id: 'i', url: '/m/i.png', resource_type: 'image' },
      { id: 'a', url: '/m/a.wav', resource_type: 'audio' },
    ],
    tracks,
  });
  return buildRenderPlan({
    timeline,
    media,
    output: { width: 640, height: 360 },
    measure,
    measureContext,
    ...extra,
  });
}

const video = (over: Record<string, unknown> = {}) => ({
  id: 'v1',
  type: 'video' as const,
  mediaAssetId: 'v',
  startTimeInFrames: 0,
  durationInFrames: 60,
  ...over,
});

describe('calculateATempo', () => {
  it('keeps each atempo within 0.5–2 and multiplies to the speed', () => {
    expect(calculateATempo(1)).toEqual([]);
    expect(calculateATempo(1.5)).toEqual(['atempo=1.5']);
    expect(calculateATempo(0.75)).toEqual(['atempo=0.75']);
    expect(calculateATempo(3)).toEqual(['atempo=2', 'atempo=1.5']);
    expect(calculateATempo(0.2)).toEqual(['atempo=0.5', 'atempo=0.5', 'atempo=0.8']);
    expect(calculateATempo(8)).toEqual(['atempo=2', 'atempo=2', 'atempo=2']);
    expect(() => calculateATempo(0)).toThrow();
  });
  it('formats numbers without exponents or trailing zeros', () => {
    expect(formatNumber(2)).toBe('2');
    expect(formatNumber(1 / 3)).toBe('0.333333');
    expect(formatNumber(0.0000001)).toBe('0');
  });
});

describe('segmentCommand', () => {
  const files = (images: Record<string, string> = {}) => ({
    images: new Map(Object.entries(images)),
    filterScriptPath: '/tmp/r/seg.txt',
    outputPath: '/tmp/r/seg.mp4',
  });

  it('builds a video clip with trim, speed and fades, as exact arguments and graph', () => {
    const p = plan(
      [
        {
          id: 't',
          type: 'video',
          isPrimary: true,
          items: [
            video({
              sourceTrimStartFrames: 15,
              speed: 1.5,
              effects: [
                { type: 'fade-in', durationInFrames: 10 },
                { type: 'fade-out', durationInFrames: 5 },
              ],
            }),
          ],
        },
      ],
      { watermarkEnabled: false },
    );
    const command = segmentCommand(p, p.segments[0]!, files());
    expect(command.args.join(' ')).toBe(
      '-hide_banner -nostdin -y -loglevel error -nostats -progress pipe:1 ' +
        '-ss 0.5 -t 3.1 -i /m/v.mp4 -filter_complex_script /tmp/r/seg.txt -map [vout] -an ' +
        '-c:v libx264 -preset veryfast -crf 23 -pix_fmt yuv420p -r 30 -fps_mode cfr -frames:v 60 /tmp/r/seg.mp4',
    );
    expect(command.filterScript).toBe(
      '[0:v]setpts=(PTS-STARTPTS)/1.5,fps=30,scale=640:360,pad=640:360:(ow-iw)/2:(oh-ih)/2:black,' +
        'tpad=stop=-1:stop_mode=clone,trim=end_frame=60,setsar=1,format=yuv420p,' +
        'fade=t=in:s=0:n=10,fade=t=out:s=55:n=5[c0];\n' +
        '[c0]null[base];\n' +
        '[base]format=yuv420p[vout]\n',
    );
  });

  it('cuts a picture that covers the frame to the frame before padding, as the player draws it', () => {
    const tracks = [{ id: 't', type: 'video' as const, isPrimary: true, items: [video()] }];
    const covering = videoEditorTimelineSchema.parse({
      mediaAssets: [{ id: 'v', url: '/m/v.mp4', resource_type: 'video' }],
      tracks,
      globalConfig: { pictureFit: 'cover', watermark: { enabled: false } },
    });
    // 1280×720 into an upright 360×640 frame: 1138 wide, the middle 360 kept from x 388.
    const p = plan(tracks, { timeline: covering, output: { width: 360, height: 640 } });
    expect(segmentCommand(p, p.segments[0]!, files()).filterScript).toBe(
      '[0:v]setpts=PTS-STARTPTS,fps=30,scale=1138:640,crop=w=360:h=640:x=388:y=0,' +
        'pad=360:640:(ow-iw)/2:(oh-ih)/2:black,' +
        'tpad=stop=-1:stop_mode=clone,trim=end_frame=60,setsar=1,format=yuv420p[c0];\n' +
        '[c0]null[base];\n' +
        '[base]format=yuv420p[vout]\n',
    );
    // Whole pictures (stories made before the control) are not cut.
    const contained = plan(tracks, {
      output: { width: 360, height: 640 },
      watermarkEnabled: false,
    });
    expect(segmentCommand(contained, contained.segments[0]!, files()).filterScript).toContain(
      'scale=360:202,pad=360:640',
    );
  });

  it('moves stills with the motion expressions, fills gaps black and lays overlays in their window', () => {
    const p = plan(
      [
        {
          id: 't',
          type: 'video',
          isPrimary: true,
          items: [
            {
              id: 'still',
              type: 'image',
              mediaAssetId: 'i',
              startTimeInFrames: 30,
              durationInFrames: 60,
            },
          ],
        },
        {
          id: 'c',
          type: 'caption',
          items: [
            {
              id: 'cap',
              type: 'caption',
              startTimeInFrames: 40,
              durationInFrames: 20,
              caption: { data: { text: 'Hi' } },
            },
          ],
        },
      ],
      // The branded intro's overlays are the subject of their own test.
      { brandLogo: false },
    );
    expect(p.overlays).toEqual([
      { imageId: 'img0', startFrame: 40, endFrame: 60 },
      { imageId: 'img1', startFrame: 0, endFrame: 90 },
    ]);
    const [caption, watermark] = p.images;
    const command = segmentCommand(
      p,
      p.segments[0]!,
      files({ img0: '/tmp/r/img0.png', img1: '/tmp/r/img1.png' }),
    );
    expect(command.args.slice(8, 16)).toEqual([
      '-i',
      '/m/i.png',
      '-i',
      '/tmp/r/img0.png',
      '-i',
      '/tmp/r/img1.png',
      '-filter_complex_script',
      '/tmp/r/seg.txt',
    ]);
    // item id 'still' picks motion 0: a centred zoom from 1 to 1.1 over the item.
    expect(command.filterScript).toBe(
      'color=c=black:s=640x360:r=30,trim=end_frame=30,setsar=1,format=yuv420p[c0];\n' +
        '[0:v]scale=396:396,format=yuv420p,loop=loop=59:size=1:start=0,settb=1/30,setpts=N,' +
        "scale=w='2*trunc(360*(1+0.1*(n+0)/60)/2)':h='2*trunc(360*(1+0.1*(n+0)/60)/2)':eval=frame:flags=bilinear," +
        "crop=w=360:h=360:x='(360*(1+0.1*(n+0)/60)-360)*0.5':y='(360*(1+0.1*(n+0)/60)-360)*0.5'," +
        'pad=640:360:(ow-iw)/2:(oh-ih)/2:black,setsar=1,format=yuv420p[c1];\n' +
        '[c0][c1]concat=n=2:v=1:a=0[base];\n' +
        `[base][1:v]overlay=x=${caption!.x}:y=${caption!.y}:enable='between(n,40,59)'[o0];\n` +
        `[o0][2:v]overlay=x=${watermark!.x}:y=${watermark!.y}[o1];\n` +
        '[o1]format=yuv420p[vout]\n',
    );
  });

  it('scales a still with a steady zoom once, to the size every frame uses', () => {
    let id = 'pan-0';
    for (let k = 0; imageMotionFor(id).zoom[0] !== imageMotionFor(id).zoom[1]; k++) id = `pan-${k}`;
    const motion = imageMotionFor(id);
    const p = plan(
      [
        {
          id: 't',
          type: 'video',
          isPrimary: true,
          items: [
            { id, type: 'image', mediaAssetId: 'i', startTimeInFrames: 0, durationInFrames: 60 },
          ],
        },
      ],
      { watermarkEnabled: false },
    );
    const script = segmentCommand(p, p.segments[0]!, files({})).filterScript;
    const side = 2 * Math.trunc((360 * motion.zoom[0]) / 2);
    expect(script).toContain(`[0:v]scale=${side}:${side},format=yuv420p,loop=loop=59`);
    expect(script).not.toContain('eval=frame');
    expect(script).toContain(`crop=w=360:h=360:x='(360*${motion.zoom[0]}-360)*`);
  });

  it('splits long timelines into segments and keeps each clip exact inside them', () => {
    const p = plan(
      [
        {
          id: 't',
          type: 'video',
          isPrimary: true,
          items: [
            video({ durationInFrames: 100, effects: [{ type: 'fade-in', durationInFrames: 50 }] }),
          ],
        },
      ],
      { segmentFrames: 40, watermarkEnabled: false },
    );
    expect(p.segments).toEqual([
      { index: 0, startFrame: 0, endFrame: 40 },
      { index: 1, startFrame: 40, endFrame: 80 },
      { index: 2, startFrame: 80, endFrame: 100 },
    ]);
    const second = segmentCommand(p, p.segments[1]!, files());
    expect(second.args).toContain('-ss');
    expect(second.args[second.args.indexOf('-ss') + 1]).toBe('1.333333');
    // Starts 40 frames into a 50-frame fade-in: lengthened at the head, faded, cut back.
    expect(second.filterScript).toContain(
      'tpad=start=40:start_mode=clone,fade=t=in:s=0:n=50,trim=start_frame=40,setpts=PTS-STARTPTS[c0]',
    );
    expect(second.args).toContain('40');
  });
});

describe('assembleCommand', () => {
  it('joins segments by copy and mixes the sound: trim, speed, volume, fades, delay, amix normalize=0', () => {
    const p = plan([
      {
        id: 't',
        type: 'video',
        isPrimary: true,
        items: [video({ speed: 1.5, sourceTrimStartFrames: 30 })],
      },
      {
        id: 'm',
        type: 'audio',
        items: [
          {
            id: 'music',
            type: 'audio',
            mediaAssetId: 'a',
            startTimeInFrames: 15,
            durationInFrames: 45,
            volume: 0.4,
            effects: [
              { type: 'fade-in', durationInFrames: 6 },
              { type: 'fade-out', durationInFrames: 9 },
            ],
          },
        ],
      },
    ]);
    const command = assembleCommand(p, {
      concatListPath: '/tmp/r/list.ffconcat',
      filterScriptPath: '/tmp/r/audio.txt',
      outputPath: '/out/final.mp4',
    });
    expect(command.args.join(' ')).toBe(
      '-hide_banner -nostdin -y -loglevel error -nostats -progress pipe:1 ' +
        '-f concat -safe 0 -i /tmp/r/list.ffconcat ' +
        '-ss 1 -t 3 -i /m/v.mp4 -ss 0 -t 1.5 -i /m/a.wav ' +
        '-filter_complex_script /tmp/r/audio.txt -map 0:v -map [aout] -c:v copy ' +
        '-c:a aac -b:a 192k -ar 48000 -ac 2 -movflags +faststart -t 2 /out/final.mp4',
    );
    expect(command.filterScript).toBe(
      '[1:a]aresample=48000,aformat=sample_fmts=fltp:sample_rates=48000:channel_layouts=stereo,' +
        'asetpts=PTS-STARTPTS,atempo=1.5,apad=whole_dur=2,atrim=end=2[a0];\n' +
        '[2:a]aresample=48000,aformat=sample_fmts=fltp:sample_rates=48000:channel_layouts=stereo,' +
        'asetpts=PTS-STARTPTS,volume=0.4,afade=t=in:st=0:d=0.2:curve=tri,' +
        'afade=t=out:st=1.2:d=0.3:curve=tri,apad=whole_dur=1.5,atrim=end=1.5,adelay=delays=24000S:all=1[a1];\n' +
        '[a0][a1]amix=inputs=2:duration=longest:dropout_transition=0:normalize=0,apad=whole_dur=2,atrim=end=2[mix];\n' +
        '[mix]anull[aout]\n',
    );

    // Loudness: a first pass measures the whole mix, the joining pass applies it.
    const measure = loudnessCommand(p, { filterScriptPath: '/tmp/r/loudness.txt' });
    expect(measure.args.join(' ')).toBe(
      '-hide_banner -nostdin -y -loglevel info -nostats -progress pipe:1 ' +
        '-ss 1 -t 3 -i /m/v.mp4 -ss 0 -t 1.5 -i /m/a.wav ' +
        '-filter_complex_script /tmp/r/loudness.txt -map [aout] -f null -',
    );
    expect(measure.filterScript).toContain('[0:a]aresample=48000');
    expect(measure.filterScript.split(';\n').at(-1)).toBe(
      '[mix]loudnorm=I=-14:TP=-1.5:LRA=11:print_format=json[aout]\n',
    );
    const log = [
      '[Parsed_loudnorm_5 @ 0x55d0c8a3a4c0] ',
      '{',
      '\t"input_i" : "-20.31",',
      '\t"input_tp" : "-4.02",',
      '\t"input_lra" : "3.80",',
      '\t"input_thresh" : "-30.55",',
      '\t"output_i" : "-14.02",',
      '\t"output_tp" : "-1.50",',
      '\t"output_lra" : "3.10",',
      '\t"output_thresh" : "-24.25",',
      '\t"normalization_type" : "dynamic",',
      '\t"target_offset" : "0.02"',
      '}',
      '[out#0/null @ 0x55d0c8a1b340] video:0KiB audio:376KiB',
    ].join('\n');
    const measured = parseLoudness(log)!;
    expect(measured).toMatchObject({ input_i: '-20.31', target_offset: '0.02' });
    const loud = assembleCommand(
      p,
      { concatListPath: 'l', filterScriptPath: 'f', outputPath: 'o' },
      measured,
    );
    expect(loud.filterScript.split(';\n').at(-1)).toBe(
      '[mix]loudnorm=I=-14:TP=-1.5:LRA=11:measured_I=-20.31:measured_TP=-4.02:measured_LRA=3.80:' +
        'measured_thresh=-30.55:offset=0.02:linear=true,aresample=48000[aout]\n',
    );
  });

  it('makes the sound on its own beside the pictures, and the join then copies both', () => {
    const p = plan([
      { id: 't', type: 'video', isPrimary: true, items: [video({ durationInFrames: 60 })] },
    ]);
    const measured = {
      input_i: '-20.31',
      input_tp: '-4.02',
      input_lra: '3.80',
      input_thresh: '-30.55',
      target_offset: '0.02',
    };
    const sound = soundCommand(
      p,
      { filterScriptPath: '/tmp/r/sound.txt', outputPath: '/tmp/r/sound.mp4' },
      measured,
    );
    expect(sound.args.join(' ')).toBe(
      '-hide_banner -nostdin -y -loglevel error -nostats -progress pipe:1 ' +
        '-ss 0 -t 2 -i /m/v.mp4 -filter_complex_script /tmp/r/sound.txt -map [aout] ' +
        '-c:a aac -b:a 192k -ar 48000 -ac 2 -t 2 /tmp/r/sound.mp4',
    );
    // The same mix and loudness step as a join that mixes the sound itself.
    const mixedHere = assembleCommand(
      p,
      { concatListPath: 'l', filterScriptPath: 'f', outputPath: 'o' },
      measured,
    );
    expect(sound.filterScript).toBe(mixedHere.filterScript.replaceAll('[1:a]', '[0:a]'));
    const join = assembleCommand(p, {
      concatListPath: '/tmp/r/list.ffconcat',
      filterScriptPath: '/tmp/r/audio.txt',
      outputPath: '/out/final.mp4',
      soundPath: '/tmp/r/sound.mp4',
    });
    expect(join.args.join(' ')).toBe(
      '-hide_banner -nostdin -y -loglevel error -nostats -progress pipe:1 ' +
        '-f concat -safe 0 -i /tmp/r/list.ffconcat -i /tmp/r/sound.mp4 ' +
        '-map 0:v -map 1:a -c copy -movflags +faststart -t 2 /out/final.mp4',
    );
  });

  it("takes each sound's volume, fades and speed from compose's envelope", () => {
    const tracks = [
      {
        id: 'm',
        type: 'audio' as const,
        items: [
          {
            id: 'music',
            type: 'audio' as const,
            mediaAssetId: 'a',
            startTimeInFrames: 0,
            durationInFrames: 45,
            volume: 0.4,
            speed: 1.25,
            effects: [{ type: 'fade-out' as const, durationInFrames: 9 }],
          },
        ],
      },
    ];
    const p = plan(tracks);
    const composed = composeTimeline(
      videoEditorTimelineSchema.parse({
        mediaAssets: [{ id: 'a', url: '/m/a.wav', resource_type: 'audio' }],
        tracks,
      }),
      { purpose: 'export' },
    );
    expect(p.audio[0]!.envelope).toEqual(audioEnvelope(composed.audio[0]!, p.fps));
    // Whatever the envelope says is what ffmpeg is told.
    p.audio[0]!.envelope = {
      volume: 0.37,
      speed: 0.8,
      durationSeconds: 1.5,
      fadeInSeconds: 0.125,
      fadeOutStartSeconds: 0.9,
      fadeOutSeconds: 0.6,
      points: [],
    };
    const command = assembleCommand(p, {
      concatListPath: 'l',
      filterScriptPath: 'f',
      outputPath: 'o',
    });
    expect(command.filterScript.split(';\n')[0]).toBe(
      '[1:a]aresample=48000,aformat=sample_fmts=fltp:sample_rates=48000:channel_layouts=stereo,' +
        'asetpts=PTS-STARTPTS,atempo=0.8,volume=0.37,afade=t=in:st=0:d=0.125:curve=tri,' +
        'afade=t=out:st=0.9:d=0.6:curve=tri,apad=whole_dur=1.5,atrim=end=1.5[a0]',
    );
  });

  it('leaves silence and unmeasurable sound as they are', () => {
    expect(parseLoudness('no measurement here')).toBeNull();
    expect(parseLoudness('Parsed_loudnorm {"input_i" : "-inf", "input_tp" : "-inf"}')).toBeNull();
    const silent = {
      input_i: '-75.00',
      input_tp: '-80.00',
      input_lra: '0.00',
      input_thresh: '-85.00',
      target_offset: '0.00',
    };
    const p = plan([
      {
        id: 'm',
        type: 'audio',
        items: [
          { id: 'm', type: 'audio', mediaAssetId: 'a', startTimeInFrames: 0, durationInFrames: 30 },
        ],
      },
    ]);
    const files = { concatListPath: 'l', filterScriptPath: 'f', outputPath: 'o' };
    expect(assembleCommand(p, files, silent).filterScript).toContain('[mix]anull[aout]');
  });

  it('gives a silent timeline a silent 48 kHz track', () => {
    const p = plan([
      {
        id: 't',
        type: 'video',
        isPrimary: true,
        items: [
          { id: 'x', type: 'image', mediaAssetId: 'i', startTimeInFrames: 0, durationInFrames: 30 },
        ],
      },
    ]);
    const command = assembleCommand(p, {
      concatListPath: 'l',
      filterScriptPath: 'f',
      outputPath: 'o',
    });
    expect(command.filterScript).toBe(
      'anullsrc=r=48000:cl=stereo,atrim=end=1[mix];\n[mix]anull[aout]\n',
    );
  });

  it('quotes paths in the concat list and re-encodes the baseline with the same settings', () => {
    expect(concatList(['/a/b.mp4', "/it's.mp4"])).toBe(
      "ffconcat version 1.0\nfile '/a/b.mp4'\nfile '/it'\\''s.mp4'\n",
    );
    expect(bareReencodeArgs('in.mp4', 'out.mp4').join(' ')).toBe(
      '-hide_banner -nostdin -y -loglevel error -nostats -progress pipe:1 -i in.mp4 ' +
        '-c:v libx264 -preset veryfast -crf 23 -pix_fmt yuv420p -c:a aac -b:a 192k -ar 48000 -ac 2 ' +
        '-movflags +faststart out.mp4',
    );
  });
});

describe('buildRenderPlan', () => {
  it('lays the branded intro and outro over the story, one picture per opacity step', () => {
    // 120 frames: intro over 0–45, outro over 75–120, the watermark over all.
    const p = plan([
      { id: 't', type: 'video', isPrimary: true, items: [video({ durationInFrames: 120 })] },
    ]);
    const logos = p.images.filter((i) => i.drawing.kind === 'brandLogo');
    expect(logos.length).toBeLessThanOrEqual(16);
    expect(logos.every((i) => i.x === 0 && i.y === 0 && i.width === 640 && i.height === 360)).toBe(
      true,
    );
    const logoIds = new Set(logos.map((i) => i.id));
    const covered = p.overlays
      .filter((o) => logoIds.has(o.imageId))
      .flatMap((o) =>
        Array.from({ length: o.endFrame - o.startFrame }, (_, k) => o.startFrame + k),
      );
    // Every frame of both windows but their first (opacity 0).
    expect(covered).toEqual([
      ...Array.from({ length: 44 }, (_, k) => k + 1),
      ...Array.from({ length: 44 }, (_, k) => k + 76),
    ]);
    expect(p.images.at(-1)!.drawing.kind).toBe('watermark');
    expect(
      plan([{ id: 't', type: 'video', isPrimary: true, items: [video()] }], {
        removeWatermark: true,
      }).images,
    ).toEqual([]);
  });

  it('shares one image between consecutive identical captions', () => {
    const cap = (id: string, start: number, text: string) => ({
      id,
      type: 'caption' as const,
      startTimeInFrames: start,
      durationInFrames: 10,
      caption: { data: { text } },
    });
    const p = plan(
      [
        { id: 't', type: 'video', isPrimary: true, items: [video()] },
        {
          id: 'c',
          type: 'caption',
          items: [
            cap('a', 0, 'Same'),
            cap('b', 10, 'Same'),
            cap('c', 20, 'Other'),
            cap('d', 40, 'Same'),
          ],
        },
      ],
      { watermarkEnabled: false },
    );
    expect(p.images.map((i) => i.id)).toEqual(['img0', 'img1']);
    expect(p.overlays).toEqual([
      { imageId: 'img0', startFrame: 0, endFrame: 20 },
      { imageId: 'img1', startFrame: 20, endFrame: 30 },
      { imageId: 'img0', startFrame: 40, endFrame: 50 },
    ]);
  });

  it('refuses an empty timeline and media without the needed stream', () => {
    expect(() => plan([])).toThrow(RenderError);
    const soundOnly = new Map([['v', { path: '/m/v.mp3', hasVideo: false, hasAudio: true }]]);
    expect(() =>
      plan([{ id: 't', type: 'video', items: [video()] }], { media: soundOnly }),
    ).toThrow('Media asset with ID v has no video that can be read');
  });
});

describe('parseTimelineForRender', () => {
  it('names the bad field', () => {
    expect(() =>
      parseTimelineForRender({
        tracks: [{ id: 't', type: 'video', items: [video({ durationInFrames: -3 })] }],
        mediaAssets: [],
      }),
    ).toThrow(/^Invalid timeline: tracks\.0\.items\.0\.durationInFrames: /);
    expect(() => parseTimelineForRender({ tracks: 'x' })).toThrow(/Invalid timeline: tracks: /);
  });
});

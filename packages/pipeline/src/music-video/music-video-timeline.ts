import {
  DEFAULT_GLOBAL_CONFIG,
  TIMELINE_SCHEMA_VERSION,
  orderedShots,
  type MediaAsset,
  type MusicVideoShot,
  type TimelineItem,
  type Track,
  type VideoEditorTimeline,
} from '@storyloom/core';
import { itemFromAsset, TRACK_NAMES } from '@storyloom/timeline';
import type { GenerationStory } from '../steps/generation-ports';
import { keepingWatermark, voiceOverTimeline } from '../steps/voice-over-timeline';

/** The song's asset id in a generated music video. */
export const SONG_ASSET_ID = 'music-song';
/** The song plays at full volume: there is no voice to duck under. */
export const SONG_VOLUME = 1;

/** How long a lyric line stays up after its last word (ours). */
export const LYRIC_HOLD_SECONDS = 0.5;

/** A sung line of a lyrics video's shot, in seconds from the song's start. */
export interface LyricLine {
  text: string;
  start: number;
  end: number;
  words?: { word: string; start: number; end: number }[];
}

/** The lyric lines a shot holds (`lyric_lines`), if any. */
export function lyricLinesOf(shot: MusicVideoShot): LyricLine[] {
  return shot.lyric_lines ?? [];
}

/**
 * Caption items of a lyrics video's sung lines: each line from where it is sung until half a
 * second after its last word (never over the next line), across cuts; animated, each line grows word by word as it is sung (one item per word, showing the
 * line so far).
 */
function lyricCaptions(
  sung: readonly { shotId: string; line: LyricLine }[],
  total: number,
  args: { animatedLyrics?: boolean | undefined },
): TimelineItem[] {
  const fps = DEFAULT_GLOBAL_CONFIG.fps;
  const clamp = (seconds: number) => Math.min(total, Math.max(0, Math.round(seconds * fps)));
  const items: TimelineItem[] = [];
  sung.forEach(({ shotId, line }, index) => {
    const next = sung[index + 1]?.line;
    const from = clamp(line.start);
    // Up until half a second after its last word, never over the next line.
    const stays = Math.max(line.end + LYRIC_HOLD_SECONDS, line.start + 1);
    const to = Math.max(from + 1, clamp(next ? Math.min(next.start, stays) : stays));
    if (from >= total) return;
    const words = args.animatedLyrics ? (line.words ?? []) : [];
    const pieces =
      words.length > 1
        ? words.map((word, w) => ({
            text: words
              .slice(0, w + 1)
              .map((x) => x.word)
              .join(' '),
            from: w === 0 ? from : Math.max(from, clamp(word.start)),
          }))
        : [{ text: line.text, from }];
    pieces.forEach((piece, p) => {
      const until = Math.min(p + 1 < pieces.length ? pieces[p + 1]!.from : to, total);
      if (until <= piece.from) return;
      items.push({
        id: `caption-lyric-${index + 1}${pieces.length > 1 ? `-${p + 1}` : ''}`,
        type: 'caption',
        shotId,
        startTimeInFrames: piece.from,
        durationInFrames: until - piece.from,
        speed: 1,
        volume: 1,
        caption: { data: { text: piece.text } },
      });
    });
  });
  return items;
}

/** A music-video shot's place on the timeline: frames [cut_start_frame, cut_end_frame). */
export function shotFrames(shot: MusicVideoShot): { from: number; to: number } | null {
  const { cut_start_frame: from, cut_end_frame: to } = shot;
  return from !== undefined && to !== undefined && to > from ? { from, to } : null;
}

/**
 * A music video's timeline: each shot's clip (else its picture, moved by the renderer) on the
 * primary track exactly over its frames — so the cuts are where the storyboard put them, on
 * the beats — the song under all of it from its first frame to its last, and, with captions
 * on, each shot's line as a caption over its shot.
 */
export function buildMusicVideoTimeline(args: {
  shotsMap: Record<string, MusicVideoShot>;
  mediaAssets: MediaAsset[];
  captions: boolean;
  /** Lyrics appear word by word (a lyrics video with Animated Video on), else line by line. */
  animatedLyrics?: boolean;
}): VideoEditorTimeline {
  const globalConfig = { ...DEFAULT_GLOBAL_CONFIG, captions: { enabled: args.captions } };
  const assets = new Map(args.mediaAssets.map((asset) => [asset.id, asset]));
  const visuals: TimelineItem[] = [];
  const captions: TimelineItem[] = [];
  let end = 0;
  const sung: { shotId: string; line: LyricLine }[] = [];
  for (const shot of orderedShots(args.shotsMap)) {
    const frames = shotFrames(shot);
    if (!frames || shot.is_hidden) continue;
    const assetId = shot.active_video_id || shot.active_image_id;
    const asset = assetId ? assets.get(assetId) : undefined;
    if (!asset) throw new Error(`MediaAsset not found for shot ${shot.shot_id}`);
    visuals.push(
      itemFromAsset(asset, {
        id: `shot-${shot.shot_id}-${asset.resource_type}`,
        startTimeInFrames: frames.from,
        durationInFrames: frames.to - frames.from,
        shotId: shot.shot_id,
      }),
    );
    end = Math.max(end, frames.to);
    const lyrics = lyricLinesOf(shot);
    if (lyrics.length > 0) {
      sung.push(...lyrics.map((line) => ({ shotId: shot.shot_id, line })));
      continue;
    }
    const text = shot.script?.trim();
    if (args.captions && text) {
      captions.push({
        id: `caption-${shot.shot_id}`,
        type: 'caption',
        shotId: shot.shot_id,
        startTimeInFrames: frames.from,
        durationInFrames: frames.to - frames.from,
        speed: 1,
        volume: 1,
        caption: { data: { text } },
      });
    }
  }
  if (args.captions) captions.push(...lyricCaptions(sung, end, args));
  const tracks: Track[] = [
    { id: 'track-video', type: 'video', name: TRACK_NAMES.video, items: visuals, isPrimary: true },
  ];
  if (captions.length > 0)
    tracks.push({
      id: 'track-captions',
      type: 'caption',
      subtype: 'caption',
      name: TRACK_NAMES.caption,
      items: captions,
    });
  const song = assets.get(SONG_ASSET_ID);
  if (song && end > 0) {
    tracks.push({
      id: 'track-music',
      type: 'audio',
      subtype: 'music',
      name: TRACK_NAMES.music,
      items: [
        {
          ...itemFromAsset(song, { id: 'music-1', startTimeInFrames: 0, durationInFrames: end }),
          volume: SONG_VOLUME,
        },
      ],
    });
  }
  return {
    schemaVersion: TIMELINE_SCHEMA_VERSION,
    tracks,
    mediaAssets: args.mediaAssets,
    globalConfig,
  };
}

/**
 * The timeline of a music-video story (its timeline step, Recover, a regeneration): while
 * every shot keeps the frames its storyboard cut it at (on the beats), the music video's
 * timeline; once a shot without them is added, a told story's. The watermark setting is kept.
 */
export function musicVideoStoryTimeline(
  story: GenerationStory<MusicVideoShot>,
  captions: boolean,
): VideoEditorTimeline {
  const shotsMap = story.storyboard?.shots_map ?? {};
  const shots = orderedShots(shotsMap);
  if (shots.length === 0 || !shots.every((shot) => shotFrames(shot)))
    return voiceOverTimeline(story, captions);
  const timeline = buildMusicVideoTimeline({
    shotsMap,
    mediaAssets: story.videoEditorTimeline?.mediaAssets ?? [],
    captions,
    animatedLyrics: story.metadata.lyrics_animated === true,
  });
  return keepingWatermark(story, timeline);
}

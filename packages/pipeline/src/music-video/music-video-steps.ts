import {
  DEFAULT_FPS,
  musicVideoHasBroll,
  musicVideoShotCount,
  musicVideoShotRoles,
  musicVideoShotSchema,
  musicVideoSkipsVideo,
  OUTPUT_SIZES,
  type MediaAsset,
  type MusicVideoRunInput,
  type MusicVideoShot,
} from '@storyloom/core';
import { spreadRanks } from '@storyloom/timeline';
import { TOLD_STORY_HOOKS, type FlowHooks } from '../steps/flow-hooks';
import type { GenerationPorts } from '../steps/generation-ports';
import {
  resultsOf,
  saveShotResults,
  shotAt,
  shotId,
  type PipelineStep,
} from '../steps/pipeline-step';
import { drawInStyle, shotImagesStep, styleChoice } from '../steps/shot-images-step';
import { timelineStep } from '../steps/timeline-step';
import type { GeneratedMedia, ShotTransition } from '../providers/provider-types';
import {
  brollLine,
  musicVideoShotLines,
  performanceBrollLine,
  songSection,
} from './music-video-shot-lines';
import {
  musicVideoStoryTimeline,
  shotFrames,
  SONG_ASSET_ID,
  type LyricLine,
} from './music-video-timeline';
import { shotCutFrames } from './shot-cut-frames';

/** The title of a new music video (ours: the request names none). */
export const MUSIC_VIDEO_TITLES: Readonly<
  Record<MusicVideoRunInput['request']['video_type'], string>
> = {
  'singing-dancing': 'My Singing Music Video',
  'consistent-character': 'My Character Music Video',
  'consistent-style': 'My Music Video',
  'lyrics-video': 'My Lyrics Video',
};

/** The words sung in the song, line by line with their times (the transcription provider). */
async function hearLyrics(
  request: MusicVideoRunInput['request'],
  ports: GenerationPorts,
): Promise<LyricLine[]> {
  const phrases = await ports.providers.transcription.transcribe({
    audio: await ports.readMedia(request.music_url),
  });
  return phrases.map((phrase) => ({
    text: phrase.text,
    start: phrase.start,
    end: phrase.end,
    ...(phrase.words ? { words: phrase.words } : {}),
  }));
}

/**
 * How each clip joins the next (spec 2 §3 enable_start_end_frame; One-Take Style): One-Take
 * carries one camera move through every shot, start/end frame moves each clip from its
 * picture to the next shot's; otherwise shots are cut.
 */
function shotTransition(request: MusicVideoRunInput['request']): ShotTransition | undefined {
  if (request.enable_one_take) return 'camera-move';
  return request.enable_start_end_frame ? 'morph' : undefined;
}

/** A stored picture as the video provider takes it. */
async function pictureOf(
  ports: GenerationPorts,
  url: string,
  size: { width: number; height: number },
): Promise<GeneratedMedia> {
  return {
    bytes: await ports.readMedia(url),
    extension: url.endsWith('.png') ? 'png' : 'jpg',
    ...size,
  };
}

/**
 * The chosen character's picture (the server holds it: premade or the creator's own). A
 * picture that cannot be read fails the step — the video is never made with a stranger in the
 * character's place.
 */
async function characterPicture(input: MusicVideoRunInput, ports: GenerationPorts) {
  const url = input.request.character?.image_url;
  return url ? ports.readMedia(url) : undefined;
}

/**
 * A prompt with the artist named as its performer, whatever the writer made of the line (it
 * may lower-case the name, or read it as "a person"): the name as given, else in place of the
 * first generic performer, else before the prompt.
 */
export function withArtist(prompt: string, artist: string): string {
  const escaped = artist.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  const named = new RegExp(`\\b(?:an? |the )?${escaped}\\b`, 'i');
  if (named.test(prompt)) return prompt.replace(named, artist);
  const someone = /\b(?:an? |the )(?:person|singer|dancer|performer|man|woman|girl|boy)\b/i;
  if (someone.test(prompt)) return prompt.replace(someone, artist);
  return `${artist} performing. ${prompt}`;
}

/** Whether every shot shows the chosen artist performing (singing & dancing). */
const isPerformance = (request: MusicVideoRunInput['request']) =>
  request.video_type === 'singing-dancing';

/**
 * Whether the words of the song are heard: a lyrics video shows them; a singing & dancing
 * video's captions are them (when captions are on).
 */
const hearsLyrics = (request: MusicVideoRunInput['request']) =>
  request.video_type === 'lyrics-video' || (isPerformance(request) && request.auto_captions);

/**
 * What shared workflows (a regeneration, Recover) ask of a music video: its own timeline, with
 * captions from the lines sung over each shot.
 */
export const MUSIC_VIDEO_HOOKS: FlowHooks<MusicVideoShot> = {
  ...TOLD_STORY_HOOKS,
  shotSchema: musicVideoShotSchema,
  timeline: musicVideoStoryTimeline,
};

/**
 * The music-video workflow (spec 2 §2, §4; issue 11), as steps over provider interfaces up to
 * the story's timeline (the server then exports it): a storyboard from the song — as many
 * shots as its length asks for, cut on its beats when beat sync is on, each showing a line of
 * the storyline or scene in the chosen style — a picture per shot, a motion clip per shot
 * unless video generation is skipped (the local motion provider leaves stills to the
 * renderer), the song as the music track over the whole video, no voice-over, captions only
 * when asked for. Steps are idempotent as the explainer's are.
 */
export function musicVideoSteps(): PipelineStep<MusicVideoRunInput, MusicVideoShot>[] {
  return [
    {
      name: 'create-story',
      status: 'processing:creating_story',
      failureStage: 'creating_story',
      async run({ request, song }, ports) {
        const story = await ports.loadStory();
        const p = ports.providers;
        await ports.updateStory({
          title: story.title || MUSIC_VIDEO_TITLES[request.video_type],
          metadata: {
            ...story.metadata,
            aspect_ratio: request.aspect_ratio,
            video_type: request.video_type,
            tempo: song.tempo,
            duration: song.duration,
            providers: { writer: p.writer.name, image: p.image.name, video: p.video.name },
          },
        });
      },
    },
    {
      name: 'storyboard',
      status: 'processing:generating_storyboard',
      failureStage: 'generating_storyboard',
      async run({ request, song }, ports) {
        const story = await ports.loadStory();
        if (story.storyboard && Object.keys(story.storyboard.shots_map).length > 0) return;
        const count = musicVideoShotCount({
          videoType: request.video_type,
          musicDuration: song.duration,
          videoModel: request.advanced_settings.video_model_config?.model,
        });
        // B-roll cutaways go between the song's shots.
        const plannedRoles = musicVideoShotRoles(
          count,
          musicVideoHasBroll({ videoType: request.video_type, broll: request.enable_broll }),
        );
        const cuts = shotCutFrames({
          durationSeconds: song.duration,
          shots: plannedRoles.length,
          beats: song.beats,
          fps: DEFAULT_FPS,
          beatSync: request.enable_beat_sync,
        });
        const shots = cuts.length - 1;
        const roles = plannedRoles.slice(0, shots);
        const mainCount = roles.filter((role) => role === 'main').length;
        // A lyrics video and a singing & dancing video hear the words of the song; each shot
        // holds (and captions) the lines that start in it.
        const lyrics = hearsLyrics(request) ? await hearLyrics(request, ports) : [];
        const performance = isPerformance(request);
        const artist = request.character?.name;
        const named = (prompt: string) =>
          performance && artist ? withArtist(prompt, artist) : prompt;
        const lyricsOf = (index: number) =>
          lyrics.filter((line) => {
            const frame = Math.round(line.start * DEFAULT_FPS);
            return frame >= cuts[index]! && (frame < cuts[index + 1]! || index === shots - 1);
          });
        const mainLines = musicVideoShotLines({
          videoType: request.video_type,
          storyline: request.video_topic,
          scene: request.video_scenes,
          artist,
          count: mainCount,
        });
        let taken = 0;
        const typeLines = roles.map((role) =>
          role === 'main'
            ? mainLines[taken++]!
            : performance
              ? performanceBrollLine(artist, request.video_scenes)
              : brollLine(mainLines[Math.max(0, taken - 1)]!),
        );
        // A lyrics video pictures its words; a performance pictures its artist.
        const lines = typeLines.map((line, index) => {
          const sung = lyricsOf(index)
            .map((l) => l.text)
            .join(' ');
          return sung && !performance ? `${sung}.` : line;
        });
        const style = styleChoice(request.video_consistent_style);
        const ranks = spreadRanks(shots);
        const shots_map: Record<string, MusicVideoShot> = {};
        // One draft per line: the writer turns each into the prompts of its shot.
        for (const [index, line] of lines.entries()) {
          const [draft] = await ports.providers.writer.storyboard({ script: line, style });
          if (!draft) throw new Error(`The writer made no shot from "${line}"`);
          const id = shotId(index);
          const section = songSection(index, shots);
          const broll = roles[index] === 'broll';
          shots_map[id] = {
            shot_id: id,
            shot_type: 'auto',
            lexorank: ranks[index]!,
            // The words sung over the shot; never a description of a performance.
            script:
              lyrics.length > 0
                ? lyricsOf(index)
                    .map((l) => l.text)
                    .join('\n')
                : !performance && (request.video_topic || request.video_scenes) && !broll
                  ? line
                  : '',
            ...(performance && artist ? { performer: artist } : {}),
            image_prompt: named(draft.image_prompt),
            video_prompt: `${named(draft.video_prompt)} Moving to the music (${section}, ${Math.round(song.tempo)} BPM).`,
            keywords: draft.keywords,
            song_section: section,
            ...(lyrics.length > 0 ? { lyric_lines: lyricsOf(index) } : {}),
            cut_start_frame: cuts[index]!,
            cut_end_frame: cuts[index + 1]!,
            ...(broll ? { broll: true } : {}),
          };
        }
        await ports.updateStory({
          storyboard: { shots_map },
          metadata: {
            ...story.metadata,
            num_shots: shots,
            beat_sync: request.enable_beat_sync,
            beats: song.beats.length,
            broll_shots: roles.filter((role) => role === 'broll').length,
            transitions: shotTransition(request) ?? 'cut',
            ...(request.video_type === 'lyrics-video'
              ? { lyrics_lines: lyrics.length, lyrics_animated: !musicVideoSkipsVideo(request) }
              : {}),
            ...(performance ? { lyrics_lines: lyrics.length } : {}),
          },
        });
      },
    },
    shotImagesStep<MusicVideoRunInput, MusicVideoShot>({
      aspectRatio: (input) => input.request.aspect_ratio,
      pause: (input) => Boolean(input.request.is_preview),
      // A B-roll cutaway shows the place, not the character — except in a performance, where
      // it is the artist close up.
      draw: async (input, ports, request) =>
        drawInStyle(
          ports,
          request,
          input.request.video_consistent_style,
          request.shot.broll === true && !isPerformance(input.request)
            ? undefined
            : await characterPicture(input, ports),
        ),
    }),
    {
      name: 'videos-and-song',
      status: 'processing:generating_videos',
      failureStage: 'generating_videos',
      async perShot(input, ports, index) {
        const { shot, next, have } = await shotAt(ports, index);
        const frames = shotFrames(shot);
        if (
          musicVideoSkipsVideo(input.request) ||
          !frames ||
          !shot.active_image_url ||
          (shot.active_video_id && have.has(shot.active_video_id))
        )
          return { assets: [], update: {} };
        const size = OUTPUT_SIZES[input.request.aspect_ratio];
        const transition = shotTransition(input.request);
        const clip = await ports.providers.video.animate({
          image: await pictureOf(ports, shot.active_image_url, size),
          prompt: shot.video_prompt ?? '',
          durationSeconds: (frames.to - frames.from) / DEFAULT_FPS,
          aspectRatio: input.request.aspect_ratio,
          ...(transition ? { transition } : {}),
          ...(transition && next?.active_image_url
            ? { endImage: await pictureOf(ports, next.active_image_url, size) }
            : {}),
        });
        if (!clip) return { assets: [], update: {} };
        const id = `video-${shot.shot_id}`;
        const { url } = await ports.storeMedia(id, clip);
        return {
          assets: [
            {
              id,
              title: `Shot ${index + 1} video`,
              url,
              resource_type: 'video',
              source: 'generated',
              shot_id: shot.shot_id,
              metadata: { duration: clip.durationSeconds },
            },
          ],
          update: { active_video_id: id, active_video_url: url },
        };
      },
      async run(input, ports, given) {
        const results = await resultsOf(this, input, ports, given);
        await saveShotResults(ports, results, (fresh) => {
          const song: MediaAsset = {
            id: SONG_ASSET_ID,
            title: 'Song',
            url: input.request.music_url,
            resource_type: 'audio',
            subtype: 'music',
            source: 'user_upload',
            metadata: { duration: input.song.duration },
            configs: { tempo: String(input.song.tempo) },
          };
          return Promise.resolve({
            assets: [song],
            metadata: { ...fresh.metadata, background_music_asset_id: SONG_ASSET_ID },
          });
        });
      },
    },
    // The shots' frames make it a music video's timeline (see `musicVideoStoryTimeline`).
    timelineStep<MusicVideoRunInput, MusicVideoShot>({
      captions: (input) =>
        input.request.auto_captions || input.request.video_type === 'lyrics-video',
      build: musicVideoStoryTimeline,
    }),
  ];
}

import {
  orderedShots,
  shotRegenerateCredits,
  type Shot,
  type ShotMediaType,
  type Story,
} from '@storyloom/core';
import { addShot, reorderShot, updateShot } from '@storyloom/timeline';
import { useQuery } from '@tanstack/react-query';
import { ArrowLeft, MonitorSmartphone, Plus, Sparkles, SquarePlay, Wand2 } from 'lucide-react';
import { useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { toast } from 'sonner';
import { MESSAGES } from '@storyloom/core';
import { fetchGenerationProviders } from '../../create/explainer/explainer-api';
import { StoryTitleEditor } from '../../story/story-title-editor';
import { Button } from '../../ui/button';
import { buttonClass } from '../../ui/button-styles';
import { editorPath } from '../editor-path';
import { batchGenerate, regenerateShot, resumeWorkflow } from '../shots/shots-api';
import { useShotRuns } from '../shots/use-shot-runs';
import { ShotRow } from './shot-row';
import { useStoryboardEdits } from './use-storyboard-edits';

/** The media a shot's Generate makes: its picture, and its voice-over when it has a script. */
function mediaTypesFor(shot: Shot): ShotMediaType[] {
  return shot.script?.trim() ? ['image', 'voiceover'] : ['image'];
}

/**
 * The storyboard list view (`view=list` / `view=all-shots`): every shot as a row with its
 * script, prompts, active picture and status; prompts saved as they are edited; one shot or
 * all generated (regenerate_shot / batch_generate, charged per shot); shots added, moved
 * (lexorank), hidden and unhidden; a paused preview resumed into the full story; the way into
 * the video editor. A blank story ('Write & Generate') is written and generated here.
 */
export function StoryboardListView({ story }: { story: Story }) {
  const navigate = useNavigate();
  const edits = useStoryboardEdits(story);
  const runs = useShotRuns(story.id);
  const [resuming, setResuming] = useState(false);
  const providers = useQuery({
    queryKey: ['generation-providers'],
    queryFn: fetchGenerationProviders,
    staleTime: Infinity,
  });
  const shots = orderedShots(edits.shotsMap);
  const visible = shots.filter((shot) => !shot.is_hidden);
  const creditsFor = (mediaTypes: ShotMediaType[]) =>
    shotRegenerateCredits({
      mediaTypes,
      advancedSettings: story.advanced_settings,
      videoProvider: providers.data?.video ?? '',
    });
  const pausedPreview = story.is_preview && story.status === 'paused' && story.workflow_run_id;

  const patch = (shotId: string, change: Partial<Shot>) =>
    void edits.apply((map) => updateShot(map, { shotId, patch: change }));

  async function generate(shotId: string) {
    await edits.flushed();
    const shot = edits.latestShots()[shotId];
    if (!shot) return;
    const mediaTypes = mediaTypesFor(shot);
    try {
      const { workflowRunId } = await regenerateShot(story.id, shot.shot_id, {
        media_types: mediaTypes,
        ...(shot.image_prompt ? { image_prompt: shot.image_prompt } : {}),
        ...(shot.script?.trim() ? { voice_over: shot.script } : {}),
      });
      runs.add({ workflowRunId, shotIds: [shot.shot_id], mediaTypes });
    } catch (failure) {
      toast.error(
        MESSAGES.story.error(failure instanceof Error ? failure.message : String(failure)),
      );
    }
  }

  async function generateAll() {
    await edits.flushed();
    const current = orderedShots(edits.latestShots()).filter((shot) => !shot.is_hidden);
    const mediaTypes: ShotMediaType[] = current.every((shot) => shot.script?.trim())
      ? ['image', 'voiceover']
      : ['image'];
    try {
      const { workflowRunId } = await batchGenerate(story.id, { media_types: mediaTypes });
      runs.add({ workflowRunId, shotIds: current.map((shot) => shot.shot_id), mediaTypes });
    } catch (failure) {
      toast.error(
        MESSAGES.story.error(failure instanceof Error ? failure.message : String(failure)),
      );
    }
  }

  async function resume() {
    if (!story.workflow_run_id) return;
    setResuming(true);
    try {
      await edits.flushed();
      const { workflowRunId } = await resumeWorkflow(story.workflow_run_id);
      await navigate(
        `/story/create/workflow/${workflowRunId}?category_id=${encodeURIComponent(story.category_id)}`,
      );
    } catch (failure) {
      toast.error(
        MESSAGES.story.error(failure instanceof Error ? failure.message : String(failure)),
      );
      setResuming(false);
    }
  }

  function addNewShot() {
    const shot: Shot = {
      shot_id: crypto.randomUUID(),
      shot_type: 'manual',
      script: '',
      image_prompt: '',
      video_prompt: '',
      lexorank: '',
    };
    void edits.apply((map) => addShot(map, { shot }));
  }

  function move(index: number, direction: -1 | 1) {
    const shot = shots[index]!;
    const neighbour = shots[index + direction];
    if (!neighbour) return;
    void edits.apply((map) =>
      reorderShot(
        map,
        direction < 0
          ? { shotId: shot.shot_id, beforeShotId: neighbour.shot_id }
          : { shotId: shot.shot_id, afterShotId: neighbour.shot_id },
      ),
    );
  }

  const allMedia: ShotMediaType[] = visible.every((shot) => shot.script?.trim())
    ? ['image', 'voiceover']
    : ['image'];

  return (
    <div className="flex flex-col gap-5">
      <Link
        to="/story/my"
        className="flex w-fit items-center gap-1.5 text-sm font-medium text-zinc-600 hover:text-zinc-900"
      >
        <ArrowLeft className="size-4" aria-hidden />
        My stories
      </Link>
      <div className="flex flex-wrap items-start justify-between gap-3">
        <StoryTitleEditor story={story} className="min-w-0 flex-1" />
        <div className="flex flex-wrap gap-2">
          <Button
            variant="secondary"
            size="sm"
            disabled={visible.length === 0 || runs.busy}
            onClick={() => void generateAll()}
          >
            <Wand2 className="size-4" aria-hidden />
            Generate all · {creditsFor(allMedia) * visible.length} credits
          </Button>
          <Link
            to={editorPath(story.id, 'video-editor')}
            className={buttonClass('primary', 'sm')}
            data-testid="open-video-editor"
          >
            <SquarePlay className="size-4" aria-hidden />
            Open the video editor
          </Link>
        </div>
      </div>
      {pausedPreview ? (
        <div
          data-testid="preview-banner"
          className="flex flex-wrap items-center justify-between gap-3 rounded-2xl border border-brand-200 bg-brand-50 px-4 py-3"
        >
          <p className="text-sm text-brand-900">
            This is a preview: its storyboard and pictures are ready. Adjust the shots, then create
            the full story with voice-over, music and the finished video.
          </p>
          <Button size="sm" disabled={resuming} onClick={() => void resume()}>
            <Sparkles className="size-4" aria-hidden />
            {resuming ? 'Starting…' : 'Create full story'}
          </Button>
        </div>
      ) : null}
      <p className="flex items-center gap-2 rounded-xl bg-amber-50 px-4 py-3 text-sm text-amber-800 md:hidden">
        <MonitorSmartphone className="size-4 shrink-0" aria-hidden />
        The editor works best on a larger screen. Open this story on a computer to edit it.
      </p>
      {shots.length === 0 ? (
        <p className="text-sm text-zinc-600">
          This storyboard has no shots yet. Add a shot, write what it says and shows, then generate
          it.
        </p>
      ) : (
        <ol className="flex flex-col gap-3" aria-label="Shots">
          {shots.map((shot, index) => (
            <ShotRow
              key={shot.shot_id}
              shot={shot}
              index={index}
              run={runs.statusOf(shot.shot_id)}
              credits={creditsFor(mediaTypesFor(shot))}
              isFirst={index === 0}
              isLast={index === shots.length - 1}
              onChange={(change) => patch(shot.shot_id, change)}
              onGenerate={() => void generate(shot.shot_id)}
              onMove={(direction) => move(index, direction)}
              onToggleHidden={() =>
                patch(
                  shot.shot_id,
                  shot.is_hidden
                    ? { is_hidden: false, hidden_at: null }
                    : { is_hidden: true, hidden_at: Math.floor(Date.now() / 1000) },
                )
              }
            />
          ))}
        </ol>
      )}
      <Button variant="secondary" className="w-fit" onClick={addNewShot}>
        <Plus className="size-4" aria-hidden />
        Add shot
      </Button>
    </div>
  );
}

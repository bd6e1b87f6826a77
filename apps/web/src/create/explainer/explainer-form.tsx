import { IDEA_TOPIC_MAX, MESSAGES, VOICES, type VoiceKey } from '@storyloom/core';
import { useQuery } from '@tanstack/react-query';
import { Play, Sparkles, Undo2 } from 'lucide-react';
import { useRef, useState } from 'react';
import { toast } from 'sonner';
import { useRequireSignIn } from '../../auth/use-require-sign-in';
import { useCurrentUser } from '../../auth/use-current-user';
import { Button } from '../../ui/button';
import { Dialog } from '../../ui/dialog';
import {
  EXPLAINER_DEFAULTS,
  explainerFormError,
  explainerPayload,
  pushRewrite,
  SCRIPT_SUGGESTIONS,
  scriptCounter,
  showsShortScriptWarning,
  undoRewrite,
  type ExplainerFormValues,
  type RewriteHistory,
} from './explainer-form-model';
import {
  fetchCredits,
  fetchGenerationProviders,
  rewriteScript,
  scriptFromIdea,
  startScriptToVideo,
  voiceSampleUrl,
} from './explainer-api';
import { useCreationForm } from '../creation-form';
import {
  AdvancedSection,
  CreationFormLayout,
  MusicSection,
  RatioSection,
  StyleSection,
} from '../form-sections';
import { Section, Toggle } from '../form-parts';
import { withServerDefaults } from '../form-values';
import { serverModelFields, useModelChoices } from '../model-settings';
import { SubmitBox } from '../submit-box';
import { useGenerationSubmit } from '../use-generation-submit';

/** The Explainer (script to video) form of spec 2 §2, at /story/create/script. */
export function ExplainerForm() {
  const [history, setHistory] = useState<RewriteHistory>({ entries: [], index: 0 });
  const [rewriting, setRewriting] = useState(false);
  const [shortWarning, setShortWarning] = useState<null | boolean>(null);
  const [ideaOpen, setIdeaOpen] = useState(false);
  const [idea, setIdea] = useState('');
  const {
    submit: submitGeneration,
    submitting,
    serverError,
    setServerError,
    previewDialog,
  } = useGenerationSubmit({ categoryId: 'script_to_video' });
  const sample = useRef<HTMLAudioElement | null>(null);
  const guard = useRequireSignIn();
  const { user } = useCurrentUser();
  const credits = useQuery({
    queryKey: ['credits'],
    queryFn: fetchCredits,
    enabled: Boolean(user),
  });
  const providers = useQuery({
    queryKey: ['generation-providers'],
    queryFn: fetchGenerationProviders,
    staleTime: Infinity,
  });
  const models = useModelChoices();
  const {
    values,
    error,
    set,
    update,
    submit: checked,
  } = useCreationForm<ExplainerFormValues>({
    initial: () => EXPLAINER_DEFAULTS,
    check: explainerFormError,
    onEdit: () => setServerError(null),
  });
  // The script's message shows under it once the script was edited or left (an emptied
  // script says "Please enter a script"); until then it shows by the disabled buttons.
  const [scriptTouched, setScriptTouched] = useState(false);

  async function rewrite() {
    setRewriting(true);
    try {
      const enhanced = await rewriteScript(values.script);
      setHistory((h) => pushRewrite(h, values.script, enhanced));
      set('script', enhanced);
    } catch (failure) {
      console.error('Rewrite failed', failure);
    } finally {
      setRewriting(false);
    }
  }

  async function submit(isPreview: boolean) {
    // Untouched model choices send what the server runs on by default.
    await checked((valid) =>
      submitGeneration(isPreview, () =>
        startScriptToVideo(explainerPayload(withServerDefaults(valid, models.data), isPreview)),
      ),
    );
  }

  function onCreate(isPreview: boolean) {
    guard(() => {
      if (showsShortScriptWarning(values)) setShortWarning(isPreview);
      else void submit(isPreview);
    });
  }

  const estimate = credits.data
    ? { full: credits.data.scriptToVideo.full, preview: credits.data.scriptToVideo.preview }
    : { full: 1100, preview: 100 };

  return (
    <CreationFormLayout
      dense
      main={
        <>
          <div className="flex items-center justify-between gap-2">
            <label htmlFor="voiceover-script" className="text-sm font-semibold text-zinc-800">
              Voice-over Script
            </label>
            <Button type="button" variant="secondary" size="xs" onClick={() => setIdeaOpen(true)}>
              <Sparkles className="size-3.5" aria-hidden />
              {MESSAGES.generate.createScriptWithAi}
            </Button>
          </div>
          <textarea
            id="voiceover-script"
            value={values.script}
            onChange={(e) => {
              setScriptTouched(true);
              set('script', e.target.value);
            }}
            rows={12}
            onBlur={() => setScriptTouched(true)}
            aria-invalid={error && scriptTouched ? true : undefined}
            aria-describedby={error && scriptTouched ? 'voiceover-script-error' : undefined}
            placeholder="Paste or write the script your narrator will read…"
            className="min-h-64 rounded-2xl border border-zinc-300 bg-white p-4 text-sm leading-relaxed text-zinc-900 shadow-sm focus:border-brand-500 focus:ring-2 focus:ring-brand-100 focus:outline-none"
          />
          <div className="flex flex-wrap items-center justify-between gap-3 text-sm">
            <div className="flex items-center gap-3">
              <Toggle
                label="Auto-Polish Script"
                checked={values.autoRewrite}
                onChange={(v) => set('autoRewrite', v)}
              />
              {history.index > 0 ? (
                <Button
                  type="button"
                  variant="ghost"
                  size="xs"
                  onClick={() => {
                    const undone = undoRewrite(history);
                    if (!undone) return;
                    setHistory(undone.history);
                    set('script', undone.script);
                  }}
                >
                  <Undo2 className="size-3.5" aria-hidden />
                  Undo
                </Button>
              ) : null}
            </div>
            <span data-testid="script-counter" className="text-xs text-zinc-500 tabular-nums">
              {scriptCounter(values.script)}
            </span>
          </div>
          <div className="flex flex-wrap gap-2" aria-label="Example scripts">
            {SCRIPT_SUGGESTIONS.map((suggestion) => (
              <button
                key={suggestion.id}
                type="button"
                onClick={() => {
                  update((v) => ({
                    ...v,
                    script: suggestion.fullScript,
                    visualStyle: suggestion.style,
                  }));
                }}
                className="rounded-full border border-zinc-200 bg-white px-3 py-1 text-xs font-medium text-zinc-700 hover:bg-zinc-100"
              >
                {suggestion.text}
              </button>
            ))}
          </div>
          {scriptTouched && error ? (
            <p id="voiceover-script-error" role="alert" className="text-sm text-red-600">
              {error}
            </p>
          ) : null}
        </>
      }
      aside={
        <>
          <RatioSection
            choices={['16:9', '9:16'] as const}
            value={values.aspectRatio}
            onChange={(ratio) => set('aspectRatio', ratio)}
          />

          <Section title="Voice Actor">
            <div className="flex items-center gap-2">
              <select
                aria-label="Voice Actor"
                value={values.voice}
                onChange={(e) => set('voice', e.target.value as VoiceKey)}
                className="h-10 flex-1 rounded-xl border border-zinc-300 bg-white px-3 text-sm"
              >
                {VOICES.map((voice) => (
                  <option key={voice.key} value={voice.key}>
                    {voice.label}
                  </option>
                ))}
              </select>
              <Button
                type="button"
                variant="secondary"
                size="sm"
                aria-label="Play voice sample"
                onClick={() => {
                  sample.current?.pause();
                  sample.current = new Audio(voiceSampleUrl(values.voice));
                  void sample.current.play().catch(() => undefined);
                }}
              >
                <Play className="size-4" aria-hidden />
              </Button>
            </div>
          </Section>

          <StyleSection
            title="Visual style"
            width="narrow"
            style={values.visualStyle}
            onStyle={(value) => set('visualStyle', value)}
            customStyle={values.customStyle}
            onCustomStyle={(text) => set('customStyle', text)}
          />

          <Toggle
            label="Auto captions"
            checked={values.autoCaptions}
            onChange={(v) => set('autoCaptions', v)}
          />

          <MusicSection values={values} onChange={(music) => update((v) => ({ ...v, ...music }))} />

          <AdvancedSection
            title="Advanced settings"
            {...serverModelFields(models.data, values, set)}
            note={
              <>
                Voice: {providers.data?.speech ?? 'local-voice'}. Only models whose provider the
                operator has configured are offered; the local providers run offline otherwise.
              </>
            }
          />

          <SubmitBox
            category="script_to_video"
            estimate={estimate}
            labels={{ create: 'Create story', preview: 'Create preview' }}
            formError={scriptTouched ? null : error}
            serverError={serverError}
            disabled={Boolean(error) || submitting}
            onCreate={() => onCreate(false)}
            onPreview={() => onCreate(true)}
          />
        </>
      }
      dialogs={
        <>
          <Dialog
            open={shortWarning !== null}
            onOpenChange={(open) => !open && setShortWarning(null)}
            title="Short script"
            description={MESSAGES.generate.shortScriptWarning}
          >
            <div className="mt-5 flex justify-end gap-2">
              <Button
                variant="secondary"
                onClick={() => {
                  const preview = Boolean(shortWarning);
                  setShortWarning(null);
                  void submit(preview);
                }}
              >
                {MESSAGES.generate.proceedAnyway}
              </Button>
              <Button
                disabled={rewriting}
                onClick={() => {
                  setShortWarning(null);
                  void rewrite();
                }}
              >
                {MESSAGES.generate.rewriteWithAi}
              </Button>
            </div>
          </Dialog>

          <Dialog open={ideaOpen} onOpenChange={setIdeaOpen} title={MESSAGES.generate.ideaToVideo}>
            <div className="mt-4 flex flex-col gap-2">
              <input
                aria-label="Topic"
                value={idea}
                maxLength={IDEA_TOPIC_MAX}
                onChange={(e) => setIdea(e.target.value)}
                placeholder="e.g. How bees make honey"
                className="h-10 rounded-xl border border-zinc-300 px-3 text-sm"
              />
              <span className="self-end text-xs text-zinc-500">
                {idea.length}/{IDEA_TOPIC_MAX}
              </span>
              <Button
                disabled={idea.trim().length === 0}
                onClick={() => {
                  void scriptFromIdea(idea.trim())
                    .then((script) => {
                      set('script', script);
                      setIdeaOpen(false);
                    })
                    .catch((failure: unknown) =>
                      toast.error(
                        `Error: ${failure instanceof Error ? failure.message : 'failed'}`,
                      ),
                    );
                }}
              >
                {MESSAGES.generate.generateScript}
              </Button>
            </div>
          </Dialog>
          {previewDialog}
        </>
      }
    />
  );
}

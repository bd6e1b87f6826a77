import { EDITOR_CONSTANTS } from '@storyloom/core';
import { useEffect } from 'react';
import type { EditorStore } from './editor-store';

/** Ours: how long a key is held before it starts repeating (a keyboard's usual delay). */
const REPEAT_DELAY_MS = 300;

/** Typing in a field never triggers a shortcut (spec 3 §5 "Keyboard"). */
export function isTypingTarget(target: EventTarget | null): boolean {
  if (!(target instanceof HTMLElement)) return false;
  if (target.isContentEditable) return true;
  const tag = target.tagName;
  if (tag === 'TEXTAREA' || tag === 'SELECT') return true;
  if (tag !== 'INPUT') return false;
  const type = (target as HTMLInputElement).type;
  return !['range', 'checkbox', 'radio', 'button'].includes(type);
}

/**
 * The editor's shortcuts (spec 3 §9): Space play/pause; Left/Right one frame (repeating every
 * 8 ms while held, playback resumes afterwards); Up/Down volume ±0.05 (every 150 ms while
 * held); Delete/Backspace; Escape; Ctrl/Cmd+Z undo; Ctrl+Y or Ctrl/Cmd+Shift+Z redo; and ours,
 * S to split at the playhead.
 */
export function useEditorKeyboard(store: EditorStore) {
  useEffect(() => {
    const repeats = new Map<
      string,
      {
        delay: ReturnType<typeof setTimeout>;
        timer?: ReturnType<typeof setInterval>;
        resume: boolean;
      }
    >();
    const stopRepeat = (key: string) => {
      const repeat = repeats.get(key);
      if (!repeat) return;
      clearTimeout(repeat.delay);
      if (repeat.timer) clearInterval(repeat.timer);
      repeats.delete(key);
      if (repeat.resume) store.getState().setPlaying(true);
    };
    const holdRepeat = (key: string, every: number, step: () => void, resume = false) => {
      if (repeats.has(key)) return;
      step();
      // Like a keyboard's own repeat: a press is one step; holding repeats after a short delay.
      const repeat: {
        delay: ReturnType<typeof setTimeout>;
        timer?: ReturnType<typeof setInterval>;
        resume: boolean;
      } = {
        resume,
        delay: setTimeout(() => {
          repeat.timer = setInterval(step, every);
        }, REPEAT_DELAY_MS),
      };
      repeats.set(key, repeat);
    };

    const onKeyDown = (event: KeyboardEvent) => {
      if (isTypingTarget(event.target)) return;
      const state = store.getState();
      const mod = event.ctrlKey || event.metaKey;
      const key = event.key;
      if (mod && (key === 'z' || key === 'Z')) {
        event.preventDefault();
        if (event.shiftKey) state.redo();
        else state.undo();
        return;
      }
      if (event.ctrlKey && (key === 'y' || key === 'Y')) {
        event.preventDefault();
        state.redo();
        return;
      }
      if (mod || event.altKey) return;
      switch (key) {
        case ' ':
          event.preventDefault();
          if (!event.repeat) state.setPlaying(!state.playing);
          return;
        case 'ArrowLeft':
        case 'ArrowRight': {
          event.preventDefault();
          const direction = key === 'ArrowLeft' ? -1 : 1;
          const wasPlaying = state.playing;
          if (wasPlaying) state.setPlaying(false);
          holdRepeat(
            key,
            EDITOR_CONSTANTS.timing.frameStepRepeatMs,
            () => {
              const s = store.getState();
              s.seek(s.frame + direction);
            },
            wasPlaying,
          );
          return;
        }
        case 'ArrowUp':
        case 'ArrowDown': {
          if (state.selection.length === 0) return;
          event.preventDefault();
          const direction = key === 'ArrowUp' ? 1 : -1;
          holdRepeat(key, EDITOR_CONSTANTS.timing.volumeRepeatMs, () =>
            store.getState().nudgeVolume(direction),
          );
          return;
        }
        case 'Delete':
        case 'Backspace':
          if (state.selection.length === 0) return;
          event.preventDefault();
          state.deleteSelection();
          return;
        case 'Escape':
          state.clearSelection();
          return;
        case 's':
        case 'S':
          // Ours (not in the spec): split at the playhead, as in every editor.
          event.preventDefault();
          if (!event.repeat) state.splitAtPlayhead();
          return;
        default:
      }
    };
    const onKeyUp = (event: KeyboardEvent) => stopRepeat(event.key);
    const onBlur = () => {
      for (const key of [...repeats.keys()]) stopRepeat(key);
    };
    window.addEventListener('keydown', onKeyDown);
    window.addEventListener('keyup', onKeyUp);
    window.addEventListener('blur', onBlur);
    return () => {
      onBlur();
      window.removeEventListener('keydown', onKeyDown);
      window.removeEventListener('keyup', onKeyUp);
      window.removeEventListener('blur', onBlur);
    };
  }, [store]);
}

import { createContext, useContext } from 'react';
import { useStore } from 'zustand';
import type { EditorActions, EditorState, EditorStore } from './editor-store';

export const EditorStoreContext = createContext<EditorStore | null>(null);

export function useEditorStore(): EditorStore {
  const store = useContext(EditorStoreContext);
  if (!store) throw new Error('The video editor store is missing');
  return store;
}

/** Subscribes to one narrow slice of the editor (STYLE.md §4). */
export function useEditor<T>(selector: (state: EditorState & EditorActions) => T): T {
  return useStore(useEditorStore(), selector);
}

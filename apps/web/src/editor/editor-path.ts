/** The editor's `view` query values (spec 1 §2): list and all-shots are the list view. */
export type EditorViewParam = 'list' | 'all-shots' | 'video-editor';

/** What the editor page shows for a `view` query value. */
export type EditorView = 'list' | 'video-editor';

/** `/story/editor?story_id={id}` plus `&view=...` when a view is asked for. */
export function editorPath(storyId: string, view?: EditorViewParam): string {
  const search = new URLSearchParams({ story_id: storyId });
  if (view) search.set('view', view);
  return `/story/editor?${search.toString()}`;
}

/** Reads the `view` query value: video-editor opens the timeline, anything else the list. */
export function parseEditorView(view: string | null): EditorView {
  return view === 'video-editor' ? 'video-editor' : 'list';
}

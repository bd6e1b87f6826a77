import { describe, expect, it } from 'vitest';
import { editorPath, parseEditorView } from './editor-path';

describe('editorPath', () => {
  it('carries the story id and the optional view', () => {
    expect(editorPath('abc')).toBe('/story/editor?story_id=abc');
    expect(editorPath('abc', 'list')).toBe('/story/editor?story_id=abc&view=list');
    expect(editorPath('abc', 'video-editor')).toBe('/story/editor?story_id=abc&view=video-editor');
  });

  it('encodes ids', () => {
    expect(editorPath('a/b c')).toBe('/story/editor?story_id=a%2Fb+c');
  });
});

describe('parseEditorView', () => {
  it('maps list and all-shots to the list view', () => {
    expect(parseEditorView('list')).toBe('list');
    expect(parseEditorView('all-shots')).toBe('list');
  });

  it('maps video-editor to the timeline and defaults to the list', () => {
    expect(parseEditorView('video-editor')).toBe('video-editor');
    expect(parseEditorView(null)).toBe('list');
    expect(parseEditorView('nonsense')).toBe('list');
  });
});

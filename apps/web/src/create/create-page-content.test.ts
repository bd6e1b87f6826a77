import { describe, expect, it } from 'vitest';
import { createPageContent } from './create-page-content';

describe('createPageContent', () => {
  it.each([
    ['vlog', 'vlog', 'Character Vlog'],
    ['script', 'script', 'Explainer Video'],
    ['mv', 'mv', 'Music Video'],
    ['lyrics', 'lyrics', 'Lyrics Video'],
    ['asmr', 'asmr', 'ASMR Video'],
  ])('mode %s shows the %s form titled %s', (mode, form, title) => {
    const content = createPageContent(mode);
    expect(content.form).toBe(form);
    expect(content.title).toBe(title);
  });

  it('shows the vlog form titled Create Story for any other mode', () => {
    for (const mode of ['other', '', undefined, 'VLOG']) {
      const content = createPageContent(mode);
      expect(content.form).toBe('vlog');
      expect(content.title).toBe('Create Story');
    }
  });
});

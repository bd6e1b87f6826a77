import { createPageModeSchema, createPageTitle, type CreatePageMode } from '@storyloom/core';

export interface CreatePageContent {
  /** The form shown: any unknown mode shows the vlog form (spec 2 §2). */
  form: CreatePageMode;
  /** The page heading, word for word from spec 2 §2 ('Create Story' for unknown modes). */
  title: string;
  /** What the form will do. */
  description: string;
}

const forms: Record<CreatePageMode, Omit<CreatePageContent, 'form' | 'title'>> = {
  vlog: {
    description:
      'Pick a character, describe what they get up to with an @mention, choose an aspect ratio and music, then create or preview your vlog.',
  },
  script: {
    description:
      'Paste a voice-over script (or write one with AI), choose a voice actor, a visual style and captions, and turn it into an explainer video.',
  },
  mv: {
    description:
      'Upload or pick a song, choose a video type — singing and dancing, lyrics video, consistent character or consistent style — and generate a music video.',
  },
  lyrics: {
    description:
      'Bring a song and get a lyrics video, animated or still, in the aspect ratio you need.',
  },
  asmr: {
    description:
      'Choose an ASMR style and a material, the video format, the number of shots and a background ambience.',
  },
};

/** What the creation page at /story/create/{mode} shows. */
export function createPageContent(mode: string | undefined): CreatePageContent {
  const parsed = createPageModeSchema.safeParse(mode);
  const form: CreatePageMode = parsed.success ? parsed.data : 'vlog';
  return { form, title: createPageTitle(mode ?? ''), ...forms[form] };
}

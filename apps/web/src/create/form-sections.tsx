import type { SelectedCharacter } from '@storyloom/core';
import type { ReactNode } from 'react';
import { CharacterPicker } from '../characters/character-picker';
import { ExplainerMusicPanel } from './explainer/explainer-music-panel';
import { ChoiceRow, Collapsible, Section } from './form-parts';
import type { BackgroundMusicValues } from './form-values';
import { ModelSettings, type ModelField } from './model-settings';
import { ProviderNotice } from './provider-notice';
import { StyleGrid } from './style-grid';

/**
 * The two columns every creation form has: the main one (a header, the providers' notice,
 * the form's own fields) and the side one (settings, estimate and actions), then its dialogs.
 */
export function CreationFormLayout(props: {
  header?: ReactNode;
  main: ReactNode;
  aside: ReactNode;
  /** Dialogs of the form (the mobile preview's among them). */
  dialogs?: ReactNode;
  /** Closer rows in the main column (the explainer's script block). */
  dense?: boolean;
}) {
  return (
    <div className="grid gap-6 lg:grid-cols-[minmax(0,1fr)_22rem]">
      <div className={props.dense ? 'flex flex-col gap-3' : 'flex flex-col gap-5'}>
        {props.header}
        <ProviderNotice />
        {props.main}
      </div>
      <aside className="flex flex-col gap-5">{props.aside}</aside>
      {props.dialogs}
    </div>
  );
}

/** The aspect ratio (or video format) the form allows. */
export function RatioSection<T extends string>(props: {
  title?: string;
  choices: readonly T[];
  value: T;
  onChange: (value: T) => void;
}) {
  const title = props.title ?? 'Aspect ratio';
  return (
    <Section title={title}>
      <ChoiceRow
        label={title}
        choices={props.choices}
        value={props.value}
        onChange={props.onChange}
      />
    </Section>
  );
}

/** Background music (or ambience): composed, none or a stock track, with a note above. */
export function MusicSection(props: {
  title?: string;
  note?: ReactNode;
  values: BackgroundMusicValues;
  onChange: (music: BackgroundMusicValues) => void;
}) {
  return (
    <Collapsible title={props.title ?? 'Background music'}>
      {props.note ? <p className="text-xs text-zinc-500">{props.note}</p> : null}
      <ExplainerMusicPanel
        choice={props.values.backgroundMusic}
        track={props.values.musicTrack}
        onChange={(backgroundMusic, musicTrack) => props.onChange({ backgroundMusic, musicTrack })}
      />
    </Collapsible>
  );
}

/** The visual style grid with its Custom entry. */
export function StyleSection(props: {
  title: string;
  width: 'narrow' | 'wide';
  style: string;
  customStyle: string;
  onStyle: (value: string) => void;
  onCustomStyle: (text: string) => void;
}) {
  return (
    <Section title={props.title}>
      <StyleGrid
        width={props.width}
        value={props.style}
        onChange={props.onStyle}
        customStyle={props.customStyle}
        onCustomStyle={props.onCustomStyle}
      />
    </Section>
  );
}

/** The characters of the story (the shared picker: uploaded, premade, quick character). */
export function CharacterSection(props: {
  title: string;
  selected: readonly SelectedCharacter[];
  max: number;
  onChange: (selected: SelectedCharacter[]) => void;
}) {
  return (
    <Section title={props.title}>
      <CharacterPicker selected={props.selected} max={props.max} onChange={props.onChange} />
    </Section>
  );
}

/** The advanced settings: the form's toggles, the image and video models, a note under them. */
export function AdvancedSection(props: {
  title: string;
  /** Toggles shown above the model lists. */
  toggles?: ReactNode;
  image: ModelField;
  video: ModelField;
  note?: ReactNode;
}) {
  return (
    <Collapsible title={props.title}>
      {props.toggles}
      <ModelSettings image={props.image} video={props.video}>
        {props.note ? <p className="text-xs text-zinc-500">{props.note}</p> : null}
      </ModelSettings>
    </Collapsible>
  );
}

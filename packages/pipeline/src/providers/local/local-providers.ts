import type { Providers } from '../provider-types';
import { LocalIllustrator } from './local-illustrator';
import { LocalMotion } from './local-motion';
import { LocalMotionTransfer } from './motion-transfer';
import { LocalMusic } from './local-music';
import { LocalTranscriber } from './local-transcriber';
import { LocalVoice } from './local-voice';
import { LocalWriter } from './local-writer';

/** Every local provider: the offline default of DESIGN.md. */
export function createLocalProviders(): Providers {
  return {
    writer: new LocalWriter(),
    image: new LocalIllustrator(),
    video: new LocalMotion(),
    speech: new LocalVoice(),
    transcription: new LocalTranscriber(),
    music: new LocalMusic(),
    actionVideo: new LocalMotionTransfer(),
  };
}

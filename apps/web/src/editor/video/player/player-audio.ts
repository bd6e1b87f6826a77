import { envelopeGainAt, type AudioEnvelope } from '@storyloom/compose';

type Media = HTMLVideoElement | HTMLAudioElement;

interface Route {
  source: MediaElementAudioSourceNode;
  gain: GainNode;
  /** What was last scheduled: the envelope and the context time of the item's start. */
  envelope: AudioEnvelope | null;
  anchor: number;
}

/** Seconds the item's start may seem to move before its gain automation is laid again. */
const REANCHOR_SECONDS = 0.04;

/** Milliseconds without news from the sound output before its clock is taken as stopped. */
const OUTPUT_STALL_MS = 200;

/**
 * The editor's sound through Web Audio: every media element that sounds is routed through its
 * own GainNode into one output, and the gain follows compose's envelope of the item (volume ×
 * fades), laid out as automation on the audio clock from where the playhead is. Elements play
 * at the item's speed (playbackRate, pitch kept like the exporter's atempo). Before the first
 * Play (browsers start audio only after a gesture) the elements' own volume stands in.
 */
export class PlayerAudio {
  private context: AudioContext | null = null;
  private output: GainNode | null = null;
  private readonly routes = new Map<Media, Route>();

  /**
   * Seconds on the clock of the sound being heard (the audio output's, which the player follows
   * while playing), or null while no sound comes out: before the context runs, before its first
   * output, or when the output has stalled. Between the output's reports it advances with
   * performance.now(), so it moves smoothly from one painted frame to the next.
   */
  now(): number | null {
    const context = this.context;
    if (!context || context.state !== 'running' || !context.getOutputTimestamp) return null;
    const stamp = context.getOutputTimestamp();
    if (!stamp.performanceTime || stamp.contextTime === undefined) return null;
    const since = performance.now() - stamp.performanceTime;
    if (since > OUTPUT_STALL_MS) return null;
    return stamp.contextTime + Math.max(0, since) / 1000;
  }

  /** Creates or resumes the audio context: call from the gesture that starts playback. */
  start() {
    if (!this.context) {
      if (typeof AudioContext === 'undefined') return;
      this.context = new AudioContext({ latencyHint: 'interactive' });
      this.output = this.context.createGain();
      this.output.connect(this.context.destination);
    }
    if (this.context.state === 'suspended') void this.context.resume();
  }

  private route(element: Media): Route | null {
    const { context, output } = this;
    if (!context || !output) return null;
    let route = this.routes.get(element);
    if (!route) {
      const source = context.createMediaElementSource(element);
      const gain = context.createGain();
      source.connect(gain);
      gain.connect(output);
      element.volume = 1;
      route = { source, gain, envelope: null, anchor: Number.NaN };
      this.routes.set(element, route);
    }
    return route;
  }

  /**
   * Makes `element` sound with `envelope`, the item being `elapsed` seconds in (timeline time).
   * While playing, the remaining envelope is scheduled once and kept unless the item's start
   * moves on the audio clock (a seek, a re-sync) or the envelope changes (an edit).
   */
  follow(element: Media, envelope: AudioEnvelope, elapsed: number, playing: boolean) {
    element.muted = false;
    const route = this.route(element);
    if (!route) {
      element.volume = envelopeGainAt(envelope, elapsed);
      return;
    }
    const param = route.gain.gain;
    const now = this.context!.currentTime;
    if (!playing) {
      param.cancelScheduledValues(0);
      param.setValueAtTime(envelopeGainAt(envelope, elapsed), now);
      route.envelope = null;
      return;
    }
    const anchor = now - elapsed;
    if (route.envelope === envelope && Math.abs(anchor - route.anchor) < REANCHOR_SECONDS) return;
    route.envelope = envelope;
    route.anchor = anchor;
    param.cancelScheduledValues(0);
    param.setValueAtTime(envelopeGainAt(envelope, elapsed), now);
    for (const point of envelope.points)
      if (point.seconds > elapsed)
        param.linearRampToValueAtTime(point.gain, anchor + point.seconds);
  }

  /** A picture-only element (its sound is off or the item has none). */
  silence(element: Media) {
    const route = this.routes.get(element);
    if (!route) {
      element.muted = true;
      return;
    }
    route.envelope = null;
    route.gain.gain.cancelScheduledValues(0);
    route.gain.gain.setValueAtTime(0, this.context!.currentTime);
  }

  /** Takes an element that is being dropped out of the graph. */
  release(element: Media) {
    const route = this.routes.get(element);
    if (!route) return;
    route.source.disconnect();
    route.gain.disconnect();
    this.routes.delete(element);
  }

  dispose() {
    this.routes.clear();
    void this.context?.close();
    this.context = null;
    this.output = null;
  }
}

import type { DrawingContext } from './drawing-context';

export interface RecordedCall {
  name: string;
  args: unknown[];
  state: { font: string; fillStyle: unknown; globalAlpha: number; letterSpacing: string };
}

/**
 * A DrawingContext that records every call and measures text as 0.5 em per character plus the
 * letter spacing, so layouts are predictable in tests.
 */
export function recordingContext(): DrawingContext & { calls: RecordedCall[] } {
  const calls: RecordedCall[] = [];
  const state = {
    font: '10px sans-serif',
    fillStyle: '#000' as unknown,
    strokeStyle: '#000' as unknown,
    lineWidth: 1,
    lineJoin: 'miter',
    textAlign: 'start',
    textBaseline: 'alphabetic',
    globalAlpha: 1,
    letterSpacing: '0px',
    shadowColor: 'rgba(0, 0, 0, 0)',
    shadowBlur: 0,
    shadowOffsetX: 0,
    shadowOffsetY: 0,
  };
  const stack: (typeof state)[] = [];
  const record =
    (name: string) =>
    (...args: unknown[]) => {
      calls.push({
        name,
        args,
        state: {
          font: state.font,
          fillStyle: state.fillStyle,
          globalAlpha: state.globalAlpha,
          letterSpacing: state.letterSpacing,
        },
      });
    };
  const ctx = Object.assign(state, {
    calls,
    save: () => {
      stack.push({ ...state });
      record('save')();
    },
    restore: () => {
      const top = stack.pop();
      if (top) Object.assign(state, top);
      record('restore')();
    },
    beginPath: record('beginPath'),
    closePath: record('closePath'),
    moveTo: record('moveTo'),
    lineTo: record('lineTo'),
    arcTo: record('arcTo'),
    fill: record('fill'),
    stroke: record('stroke'),
    fillRect: record('fillRect'),
    clearRect: record('clearRect'),
    fillText: record('fillText'),
    strokeText: record('strokeText'),
    translate: record('translate'),
    scale: record('scale'),
    measureText: (text: string) => {
      const size = Number(/([\d.]+)px/.exec(state.font)?.[1] ?? 10);
      const spacing = Number.parseFloat(state.letterSpacing) || 0;
      return { width: Array.from(text).length * (size * 0.5 + spacing) };
    },
  });
  return ctx;
}

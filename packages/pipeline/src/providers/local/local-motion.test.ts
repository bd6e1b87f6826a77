import { describe, expect, it } from 'vitest';
import { motionClipArgs, transitionFrames } from './local-motion';

const plan = {
  startFile: 'a.png',
  output: 'clip.mp4',
  width: 960,
  height: 540,
  frames: 60,
  transitionFrames: 30,
};

describe('local motion clips', () => {
  it('morphs into the next picture over the second half, ending on it at zoom 1', () => {
    const args = motionClipArgs({ ...plan, endFile: 'b.jpg', transition: 'morph' });
    const graph = args[args.indexOf('-filter_complex') + 1];
    expect(args.slice(5, 9)).toEqual(['-i', 'a.png', '-i', 'b.jpg']);
    expect(graph).toBe(
      "[0:v]scale=960:540:force_original_aspect_ratio=increase,crop=960:540,setsar=1,zoompan=z='1+0.1*on/59':x='iw/2-(iw/zoom/2)':y='ih/2-(ih/zoom/2)':d=60:s=960x540:fps=30,format=yuv420p[a];" +
        "[1:v]scale=960:540:force_original_aspect_ratio=increase,crop=960:540,setsar=1,zoompan=z='1.08-0.08*on/29':x='iw/2-(iw/zoom/2)':y='ih/2-(ih/zoom/2)':d=30:s=960x540:fps=30,format=yuv420p[b];" +
        '[a][b]xfade=transition=dissolve:duration=1.0000:offset=1.0000[v]',
    );
    expect(args.slice(-12)).toEqual([
      ...['-frames:v', '60', '-c:v', 'libx264', '-preset', 'veryfast', '-crf', '20'],
      ...['-pix_fmt', 'yuv420p', '-an', 'clip.mp4'],
    ]);
  });

  it('pans across to the next picture for One-Take Style', () => {
    const args = motionClipArgs({ ...plan, endFile: 'b.jpg', transition: 'camera-move' });
    const graph = args[args.indexOf('-filter_complex') + 1]!;
    expect(graph).toContain("zoompan=z='1':x='iw/2-(iw/zoom/2)'");
    expect(graph).toContain('xfade=transition=slideleft:duration=1.0000:offset=1.0000[v]');
  });

  it('pushes in alone when there is no next picture', () => {
    const args = motionClipArgs({ ...plan, transition: 'morph' });
    expect(args.filter((a) => a === '-i')).toHaveLength(1);
    expect(args[args.indexOf('-filter_complex') + 1]).toMatch(/format=yuv420p\[v\]$/);
  });

  it('morphs over half the clip, pans in 0.6 s, always within the clip', () => {
    expect(transitionFrames(150, 'morph')).toBe(75);
    expect(transitionFrames(150, 'camera-move')).toBe(18);
    expect(transitionFrames(10, 'camera-move')).toBe(9);
    expect(transitionFrames(2, 'morph')).toBe(1 + 1);
  });
});

import { createCanvas, type Canvas, type SKRSContext2D } from '@napi-rs/canvas';
import { nearest, parseHex, rgba, type Rgb } from './colour';

/** A finished picture a style works on: its canvas and a seeded random source. */
export interface Picture {
  canvas: Canvas;
  ctx: SKRSContext2D;
  w: number;
  h: number;
  /** min(w, h) */
  u: number;
  random: () => number;
}

export type Pass = (picture: Picture) => void;

/**
 * A colour grade: a 3×3 matrix with an offset (saturation, sepia, channel mixing), then a
 * tone curve (contrast, faded blacks), applied exactly per pixel.
 */
export function grade(options: {
  saturation?: number;
  matrix?: readonly number[];
  offset?: Rgb;
  contrast?: number;
  brightness?: number;
  /** Blacks lifted to this level (0..255) and whites lowered by it. */
  fade?: number;
  /** Each channel cut to this many steps: flat cel or paper colours. */
  levels?: number;
}): Pass {
  const s = options.saturation ?? 1;
  const base = options.matrix ?? [1, 0, 0, 0, 1, 0, 0, 0, 1];
  // Saturation around luminance, composed with the given matrix.
  const sat = [
    0.299 + 0.701 * s,
    0.587 - 0.587 * s,
    0.114 - 0.114 * s,
    0.299 - 0.299 * s,
    0.587 + 0.413 * s,
    0.114 - 0.114 * s,
    0.299 - 0.299 * s,
    0.587 - 0.587 * s,
    0.114 + 0.886 * s,
  ];
  const m: number[] = [];
  for (let r = 0; r < 3; r++)
    for (let c = 0; c < 3; c++)
      m.push(
        base[r * 3]! * sat[c]! + base[r * 3 + 1]! * sat[3 + c]! + base[r * 3 + 2]! * sat[6 + c]!,
      );
  const [or, og, ob] = options.offset ?? [0, 0, 0];
  const curve = new Uint8ClampedArray(1024);
  const contrast = options.contrast ?? 1;
  const brightness = options.brightness ?? 1;
  const fade = options.fade ?? 0;
  for (let v = 0; v < 1024; v++) {
    let x = ((v - 256) / 255) * brightness;
    x = (x - 0.5) * contrast + 0.5;
    const y = fade + x * (255 - 2 * fade);
    const step = options.levels ? 255 / (options.levels - 1) : 0;
    curve[v] = step ? Math.round(Math.max(0, Math.min(255, y)) / step) * step : y;
  }
  const [m0, m1, m2, m3, m4, m5, m6, m7, m8] = m as [
    number,
    number,
    number,
    number,
    number,
    number,
    number,
    number,
    number,
  ];
  // The curve's index of a channel value: rounded, offset by 256, kept inside the table.
  const index = (x: number) => {
    const v = Math.floor(x + 256.5);
    return v < 0 ? 0 : v > 1023 ? 1023 : v;
  };
  // One loop without a call per pixel: this pass runs on every picture of most styles.
  return (p) => {
    const image = p.ctx.getImageData(0, 0, p.w, p.h);
    const d = image.data;
    for (let i = 0; i < d.length; i += 4) {
      const r = d[i]!;
      const g = d[i + 1]!;
      const b = d[i + 2]!;
      d[i] = curve[index(m0 * r + m1 * g + m2 * b + or)]!;
      d[i + 1] = curve[index(m3 * r + m4 * g + m5 * b + og)]!;
      d[i + 2] = curve[index(m6 * r + m7 * g + m8 * b + ob)]!;
    }
    p.ctx.putImageData(image, 0, 0);
  };
}

export const SEPIA = [0.393, 0.769, 0.189, 0.349, 0.686, 0.168, 0.272, 0.534, 0.131];

/** Luminance of every pixel, at full size (of the picture, or of pixels already read). */
function luminanceOf(p: Picture, data = p.ctx.getImageData(0, 0, p.w, p.h).data): Float32Array {
  const lum = new Float32Array(p.w * p.h);
  for (let i = 0, j = 0; j < lum.length; i += 4, j++)
    lum[j] = 0.299 * data[i]! + 0.587 * data[i + 1]! + 0.114 * data[i + 2]!;
  return lum;
}

/**
 * Ink lines where the picture's tones change (a Sobel edge measure), `width` pixels wide
 * at most, in `colour`; `strength` scales how dark they get.
 */
export function inkEdges(options: { colour: string; strength: number; width?: number }): Pass {
  const [cr, cg, cb] = parseHex(options.colour);
  return (p) => {
    const { w, h } = p;
    const reach = Math.max(1, Math.round(options.width ?? 1));
    const image = p.ctx.getImageData(0, 0, w, h);
    const d = image.data;
    const lum = luminanceOf(p, d);
    for (let y = reach; y < h - reach; y++) {
      for (let x = reach; x < w - reach; x++) {
        const j = y * w + x;
        const gx = lum[j + reach]! - lum[j - reach]!;
        const gy = lum[j + reach * w]! - lum[j - reach * w]!;
        const edge = Math.min(1, ((Math.abs(gx) + Math.abs(gy)) / 120) * options.strength);
        if (edge < 0.15) continue;
        const i = j * 4;
        d[i] = d[i]! + (cr - d[i]!) * edge;
        d[i + 1] = d[i + 1]! + (cg - d[i + 1]!) * edge;
        d[i + 2] = d[i + 2]! + (cb - d[i + 2]!) * edge;
      }
    }
    p.ctx.putImageData(image, 0, 0);
  };
}

/**
 * Film or paper grain: a seeded tile of noise (grey, or coloured) laid over with `overlay`,
 * `amount` (0..255) strong.
 */
export function grain(amount: number, mono = true): Pass {
  return (p) => {
    const size = 256;
    const tile = createCanvas(size, size);
    const t = tile.getContext('2d');
    const image = t.createImageData(size, size);
    const d = image.data;
    for (let i = 0; i < d.length; i += 4) {
      const n = 128 + (p.random() - 0.5) * amount * 2;
      d[i] = n;
      d[i + 1] = mono ? n : 128 + (p.random() - 0.5) * amount * 2;
      d[i + 2] = mono ? n : 128 + (p.random() - 0.5) * amount * 2;
      d[i + 3] = 255;
    }
    t.putImageData(image, 0, 0);
    p.ctx.save();
    p.ctx.globalCompositeOperation = 'overlay';
    p.ctx.globalAlpha = 0.5;
    p.ctx.fillStyle = p.ctx.createPattern(tile, 'repeat') ?? 'transparent';
    p.ctx.fillRect(0, 0, p.w, p.h);
    p.ctx.restore();
  };
}

export function vignette(strength: number, colour = '#000000'): Pass {
  return ({ ctx, w, h }) => {
    const g = ctx.createRadialGradient(
      w / 2,
      h / 2,
      Math.min(w, h) * 0.35,
      w / 2,
      h / 2,
      Math.hypot(w, h) / 2,
    );
    g.addColorStop(0, rgba(parseHex(colour), 0));
    g.addColorStop(1, rgba(parseHex(colour), strength));
    ctx.fillStyle = g;
    ctx.fillRect(0, 0, w, h);
  };
}

/** A blurred, brightened copy laid over with `screen`: a soft glow around light areas. */
export function bloom(strength: number, radius = 0.02): Pass {
  return (p) => {
    const copy = createCanvas(p.w, p.h);
    const c = copy.getContext('2d');
    c.filter = `blur(${Math.round(p.u * radius)}px) brightness(0.9)`;
    c.drawImage(p.canvas, 0, 0);
    p.ctx.save();
    p.ctx.globalCompositeOperation = 'screen';
    p.ctx.globalAlpha = strength;
    p.ctx.drawImage(copy, 0, 0);
    p.ctx.restore();
  };
}

/** Tilt-shift: the top and bottom bands blurred, as in a macro photo of a model. */
export function tiltShift(p: Picture): void {
  const copy = createCanvas(p.w, p.h);
  const c = copy.getContext('2d');
  c.filter = `blur(${Math.round(p.u * 0.018)}px)`;
  c.drawImage(p.canvas, 0, 0);
  for (const [from, to, fromAlpha, toAlpha] of [
    [0, 0.5, 1, 0],
    [0.75, 1, 0, 1],
  ] as const) {
    const mask = createCanvas(p.w, p.h);
    const m = mask.getContext('2d');
    m.drawImage(copy, 0, 0);
    m.globalCompositeOperation = 'destination-in';
    const g = m.createLinearGradient(0, p.h * from, 0, p.h * to);
    g.addColorStop(0, `rgba(0,0,0,${fromAlpha})`);
    g.addColorStop(1, `rgba(0,0,0,${toAlpha})`);
    m.fillStyle = g;
    m.fillRect(0, p.h * from, p.w, p.h * (to - from));
    m.clearRect(0, 0, p.w, p.h * from);
    m.clearRect(0, p.h * to, p.w, p.h);
    p.ctx.drawImage(mask, 0, 0);
  }
}

/** Comic halftone: dark dots on a grid, sized by how dark the picture is there. */
export function halftone(cellFraction: number, alpha: number): Pass {
  return (p) => {
    const cell = Math.max(4, Math.round(p.u * cellFraction));
    const lum = luminanceOf(p);
    p.ctx.fillStyle = `rgba(20,20,30,${alpha})`;
    p.ctx.beginPath();
    for (let y = cell / 2; y < p.h; y += cell)
      for (let x = ((y / cell) % 2) * (cell / 2); x < p.w; x += cell) {
        const dark = 1 - lum[Math.floor(y) * p.w + Math.floor(x)]! / 255;
        if (dark < 0.4) continue;
        const r = (cell / 2) * Math.min(1, dark * 1.1);
        p.ctx.moveTo(x + r, y);
        p.ctx.arc(x, y, r, 0, Math.PI * 2);
      }
    p.ctx.fill();
  };
}

/**
 * Oil paint: the picture repainted in short, thick strokes of its own colours, each turned
 * across the local tone change, with a lighter ridge for impasto.
 */
export function brushStrokes(sizeFraction: number): Pass {
  return (p) => {
    const data = p.ctx.getImageData(0, 0, p.w, p.h).data;
    const size = p.u * sizeFraction;
    const step = size * 0.7;
    const at = (x: number, y: number) => {
      const i =
        (Math.min(p.h - 1, Math.max(0, Math.floor(y))) * p.w +
          Math.min(p.w - 1, Math.max(0, Math.floor(x)))) *
        4;
      return [data[i]!, data[i + 1]!, data[i + 2]!] as Rgb;
    };
    for (let y = 0; y < p.h + step; y += step)
      for (let x = 0; x < p.w + step; x += step) {
        const jx = x + (p.random() - 0.5) * step;
        const jy = y + (p.random() - 0.5) * step;
        const c = at(jx, jy);
        const l = (q: Rgb) => q[0] + q[1] + q[2];
        const gx = l(at(jx + size / 2, jy)) - l(at(jx - size / 2, jy));
        const gy = l(at(jx, jy + size / 2)) - l(at(jx, jy - size / 2));
        const angle = Math.atan2(gy, gx) + Math.PI / 2 + (p.random() - 0.5) * 0.5;
        const cos = Math.cos(angle);
        const sin = Math.sin(angle);
        // The stroke's own frame, set directly (cheaper than save/translate/rotate/restore).
        p.ctx.setTransform(cos, sin, -sin, cos, jx, jy);
        p.ctx.fillStyle = rgba(c, 0.9);
        p.ctx.beginPath();
        p.ctx.ellipse(0, 0, size * 0.75, size * 0.28, 0, 0, Math.PI * 2);
        p.ctx.fill();
        p.ctx.fillStyle = 'rgba(255,255,255,0.12)';
        p.ctx.beginPath();
        p.ctx.ellipse(0, -size * 0.08, size * 0.55, size * 0.07, 0, 0, Math.PI * 2);
        p.ctx.fill();
      }
    p.ctx.resetTransform();
  };
}

/** Low-poly: the picture as a mesh of flat triangles on a jittered grid. */
export function triangles(cellFraction: number): Pass {
  return (p) => {
    const cell = p.u * cellFraction;
    const data = p.ctx.getImageData(0, 0, p.w, p.h).data;
    const cols = Math.ceil(p.w / cell) + 1;
    const rows = Math.ceil(p.h / cell) + 1;
    const pts: [number, number][] = [];
    for (let r = 0; r <= rows; r++)
      for (let c = 0; c <= cols; c++) {
        const edge = r === 0 || c === 0 || r === rows || c === cols;
        pts.push([
          c * cell + (edge ? 0 : (p.random() - 0.5) * cell * 0.5),
          r * cell + (edge ? 0 : (p.random() - 0.5) * cell * 0.5),
        ]);
      }
    const colourAt = (x: number, y: number) => {
      const i =
        (Math.min(p.h - 1, Math.max(0, Math.floor(y))) * p.w +
          Math.min(p.w - 1, Math.max(0, Math.floor(x)))) *
        4;
      return `rgb(${data[i]},${data[i + 1]},${data[i + 2]})`;
    };
    p.ctx.lineWidth = 1;
    for (let r = 0; r < rows; r++)
      for (let c = 0; c < cols; c++) {
        const a = pts[r * (cols + 1) + c]!;
        const b = pts[r * (cols + 1) + c + 1]!;
        const d = pts[(r + 1) * (cols + 1) + c]!;
        const e = pts[(r + 1) * (cols + 1) + c + 1]!;
        for (const [q1, q2, q3] of [
          [a, b, e],
          [a, e, d],
        ] as const) {
          const colour = colourAt((q1[0] + q2[0] + q3[0]) / 3, (q1[1] + q2[1] + q3[1]) / 3);
          p.ctx.fillStyle = colour;
          p.ctx.strokeStyle = colour;
          p.ctx.beginPath();
          p.ctx.moveTo(q1[0], q1[1]);
          p.ctx.lineTo(q2[0], q2[1]);
          p.ctx.lineTo(q3[0], q3[1]);
          p.ctx.closePath();
          p.ctx.fill();
          p.ctx.stroke();
        }
      }
  };
}

/** Pixel art: drawn down to chunky pixels in a fixed palette and scaled back up sharp. */
export function pixelate(pixelFraction: number, palette: readonly string[]): Pass {
  const colours = palette.map(parseHex);
  return (p) => {
    const size = Math.max(2, Math.round(p.u * pixelFraction));
    const sw = Math.ceil(p.w / size);
    const sh = Math.ceil(p.h / size);
    const small = createCanvas(sw, sh);
    const s = small.getContext('2d');
    s.drawImage(p.canvas, 0, 0, sw, sh);
    const image = s.getImageData(0, 0, sw, sh);
    const d = image.data;
    for (let i = 0; i < d.length; i += 4) {
      // Ordered 2×2 dithering before snapping to the palette.
      const px = (i / 4) % sw;
      const py = Math.floor(i / 4 / sw);
      const bias = ((px + py * 2) % 4) * 3 - 4.5;
      const c = nearest([d[i]! + bias, d[i + 1]! + bias, d[i + 2]! + bias], colours);
      d[i] = c[0];
      d[i + 1] = c[1];
      d[i + 2] = c[2];
    }
    s.putImageData(image, 0, 0);
    p.ctx.imageSmoothingEnabled = false;
    p.ctx.drawImage(small, 0, 0, sw * size, sh * size);
    p.ctx.imageSmoothingEnabled = true;
  };
}

/** Paper or canvas texture laid over with `multiply`: fibres, or a woven grid. */
export function texture(kind: 'paper' | 'canvas' | 'fingerprints', strength: number): Pass {
  return (p) => {
    const { ctx, w, h, u, random } = p;
    ctx.save();
    ctx.globalCompositeOperation = 'multiply';
    if (kind === 'canvas') {
      ctx.strokeStyle = `rgba(120,100,80,${strength})`;
      ctx.lineWidth = Math.max(1, u * 0.002);
      ctx.beginPath();
      for (let x = 0; x < w; x += u * 0.006) {
        ctx.moveTo(x, 0);
        ctx.lineTo(x, h);
      }
      for (let y = 0; y < h; y += u * 0.006) {
        ctx.moveTo(0, y);
        ctx.lineTo(w, y);
      }
      ctx.stroke();
    } else if (kind === 'paper') {
      ctx.strokeStyle = `rgba(150,130,100,${strength})`;
      ctx.lineWidth = Math.max(1, u * 0.0015);
      ctx.beginPath();
      for (let i = 0; i < 1500; i++) {
        const x = random() * w;
        const y = random() * h;
        const a = random() * Math.PI;
        const l = u * (0.005 + random() * 0.02);
        ctx.moveTo(x, y);
        ctx.lineTo(x + Math.cos(a) * l, y + Math.sin(a) * l);
      }
      ctx.stroke();
    } else {
      ctx.strokeStyle = `rgba(90,60,40,${strength})`;
      ctx.lineWidth = Math.max(1, u * 0.0015);
      for (let i = 0; i < 60; i++) {
        const x = random() * w;
        const y = random() * h;
        for (let k = 1; k < 5; k++) {
          ctx.beginPath();
          ctx.ellipse(x, y, u * 0.006 * k, u * 0.004 * k, random(), 0, Math.PI * 1.6);
          ctx.stroke();
        }
      }
    }
    ctx.restore();
  };
}

/** Pencil hatching: diagonal strokes over the darker tones, denser where darker. */
export function hatching(spacingFraction: number, colour: string): Pass {
  return (p) => {
    const lum = luminanceOf(p);
    const spacing = Math.max(3, p.u * spacingFraction);
    p.ctx.strokeStyle = colour;
    p.ctx.lineWidth = Math.max(1, p.u * 0.0012);
    for (const [threshold, dir] of [
      [150, 1],
      [90, -1],
    ] as const) {
      p.ctx.beginPath();
      for (let y = 0; y < p.h; y += spacing * 0.5)
        for (let x = 0; x < p.w; x += spacing) {
          const l = lum[Math.floor(y) * p.w + Math.floor(x)]!;
          if (l > threshold) continue;
          const len = spacing * 0.9;
          p.ctx.moveTo(x, y);
          p.ctx.lineTo(x + len * dir, y + len);
        }
      p.ctx.stroke();
    }
  };
}

export function scanlines(alpha: number): Pass {
  return ({ ctx, w, h, u }) => {
    ctx.fillStyle = `rgba(0,0,0,${alpha})`;
    const step = Math.max(2, Math.round(u * 0.004));
    for (let y = 0; y < h; y += step * 2) ctx.fillRect(0, y, w, step);
  };
}

/** Light through venetian blinds: diagonal bands of shadow. */
export function blinds(alpha: number): Pass {
  return ({ ctx, w, h, u }) => {
    ctx.save();
    ctx.fillStyle = `rgba(0,0,0,${alpha})`;
    ctx.translate(w * 0.5, 0);
    ctx.rotate(-0.35);
    for (let y = -h; y < h * 2; y += u * 0.09) ctx.fillRect(-w, y, w * 2.5, u * 0.045);
    ctx.restore();
  };
}

export function lightLeak(colour: string, alpha: number): Pass {
  return ({ ctx, w, h, u }) => {
    ctx.save();
    ctx.globalCompositeOperation = 'screen';
    const g = ctx.createRadialGradient(w, 0, 0, w, 0, u * 0.9);
    g.addColorStop(0, rgba(parseHex(colour), alpha));
    g.addColorStop(1, rgba(parseHex(colour), 0));
    ctx.fillStyle = g;
    ctx.fillRect(0, 0, w, h);
    ctx.restore();
  };
}

/** Four-pointed glints with a halo, scattered over the picture. */
export function sparkles(count: number, colour: string): Pass {
  return ({ ctx, w, h, u, random }) => {
    for (let i = 0; i < count; i++) {
      const x = random() * w;
      const y = random() * h * 0.8;
      const r = u * (0.006 + random() * 0.014);
      const g = ctx.createRadialGradient(x, y, 0, x, y, r * 3);
      g.addColorStop(0, rgba(parseHex(colour), 0.6));
      g.addColorStop(1, rgba(parseHex(colour), 0));
      ctx.fillStyle = g;
      ctx.fillRect(x - r * 3, y - r * 3, r * 6, r * 6);
      ctx.fillStyle = '#ffffff';
      ctx.beginPath();
      ctx.moveTo(x, y - r * 2);
      ctx.lineTo(x + r * 0.3, y);
      ctx.lineTo(x, y + r * 2);
      ctx.lineTo(x - r * 0.3, y);
      ctx.moveTo(x - r * 2, y);
      ctx.lineTo(x, y + r * 0.3);
      ctx.lineTo(x + r * 2, y);
      ctx.lineTo(x, y - r * 0.3);
      ctx.fill();
    }
  };
}

/** Watercolour: soft blooms of lighter and darker wash, and pigment pooled at the edges. */
export function washes(p: Picture): void {
  const { ctx, w, h, u, random } = p;
  // The soft wash: blurred at half size (a quarter of the work), laid back at full size.
  const copy = createCanvas(Math.ceil(w / 2), Math.ceil(h / 2));
  const c = copy.getContext('2d');
  c.filter = `blur(${Math.max(1, Math.round(u * 0.002))}px)`;
  c.drawImage(p.canvas, 0, 0, copy.width, copy.height);
  ctx.drawImage(copy, 0, 0, w, h);
  ctx.save();
  for (let i = 0; i < 24; i++) {
    const x = random() * w;
    const y = random() * h;
    const r = u * (0.08 + random() * 0.2);
    const light = random() < 0.6;
    const g = ctx.createRadialGradient(x, y, r * 0.2, x, y, r);
    g.addColorStop(0, light ? 'rgba(255,255,255,0.12)' : 'rgba(90,70,120,0.04)');
    g.addColorStop(0.85, light ? 'rgba(255,255,255,0.06)' : 'rgba(90,70,120,0.08)');
    g.addColorStop(1, 'rgba(255,255,255,0)');
    ctx.fillStyle = g;
    ctx.fillRect(x - r, y - r, r * 2, r * 2);
  }
  ctx.restore();
}

/** Lit from the top left: a relief from the tone changes, as on modelled clay. */
export function relief(strength: number): Pass {
  return (p) => {
    const d = Math.max(1, Math.round(p.u * 0.003));
    const { w } = p;
    const image = p.ctx.getImageData(0, 0, p.w, p.h);
    const data = image.data;
    const lum = luminanceOf(p, data);
    for (let i = 0; i < data.length; i += 4) {
      const j = i / 4;
      const shade = ((lum[j - d * w - d] ?? lum[j]!) - (lum[j + d * w + d] ?? lum[j]!)) * strength;
      data[i] = data[i]! + shade;
      data[i + 1] = data[i + 1]! + shade;
      data[i + 2] = data[i + 2]! + shade;
    }
    p.ctx.putImageData(image, 0, 0);
  };
}

/** A comic panel: a white gutter and a black frame around the picture. */
export function panelFrame(p: Picture): void {
  const { ctx, w, h, u } = p;
  const gutter = u * 0.025;
  ctx.fillStyle = '#fbfaf5';
  ctx.fillRect(0, 0, w, gutter);
  ctx.fillRect(0, h - gutter, w, gutter);
  ctx.fillRect(0, 0, gutter, h);
  ctx.fillRect(w - gutter, 0, gutter, h);
  ctx.strokeStyle = '#111111';
  ctx.lineWidth = u * 0.008;
  ctx.strokeRect(gutter, gutter, w - gutter * 2, h - gutter * 2);
}

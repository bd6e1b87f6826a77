import type { SKRSContext2D } from '@napi-rs/canvas';
import { mix, parseHex, rgba, toHex } from './colour';
import { drawIcon } from './draw-icon';
import type { Setting, TimeOfDay, Weather } from './scene-words';

/** Where a backdrop lets subjects stand. */
export interface Backdrop {
  /** y (pixels) of the floor or ground line subjects stand on. */
  groundY: number;
  /** Subjects hang in the middle of the frame (space, underwater, the sky). */
  floating: boolean;
}

interface Scene {
  ctx: SKRSContext2D;
  w: number;
  h: number;
  /** min(w, h): the unit sizes are measured in. */
  u: number;
  random: () => number;
  time: TimeOfDay;
  weather: Weather;
  /** A daylight colour as this time of day and weather show it. */
  shade: (hex: string) => string;
  /** Lights are on (dusk and night). */
  lit: boolean;
}

const SKIES: Record<TimeOfDay, [string, string]> = {
  day: ['#4f9fe0', '#cfe9f8'],
  dawn: ['#7f8fd0', '#ffc9a0'],
  dusk: ['#3a3f86', '#f7925a'],
  night: ['#070d26', '#233a6e'],
};
const TIME_TINT: Record<TimeOfDay, [string, number]> = {
  day: ['#ffffff', 0],
  dawn: ['#ffb08a', 0.16],
  dusk: ['#a35a7a', 0.3],
  night: ['#0f1a40', 0.6],
};
const WINDOW_LIGHT = '#ffd77a';

function makeScene(
  ctx: SKRSContext2D,
  w: number,
  h: number,
  random: () => number,
  time: TimeOfDay,
  weather: Weather,
): Scene {
  const [tint, amount] = TIME_TINT[time];
  const grey = weather === 'clear' ? 0 : 0.22;
  const cache = new Map<string, string>();
  return {
    ctx,
    w,
    h,
    u: Math.min(w, h),
    random,
    time,
    weather,
    lit: time === 'night' || time === 'dusk',
    shade(hex) {
      let out = cache.get(hex);
      if (!out) {
        const c = mix(parseHex(hex), parseHex('#8a94a6'), grey);
        out = toHex(mix(c, parseHex(tint), amount));
        cache.set(hex, out);
      }
      return out;
    },
  };
}

function rect(s: Scene, x: number, y: number, w: number, h: number, colour: string): void {
  s.ctx.fillStyle = s.shade(colour);
  s.ctx.fillRect(x, y, w, h);
}

function glow(s: Scene, x: number, y: number, r: number, colour: string, alpha = 0.6): void {
  const g = s.ctx.createRadialGradient(x, y, 0, x, y, r);
  g.addColorStop(0, rgba(parseHex(colour), alpha));
  g.addColorStop(1, rgba(parseHex(colour), 0));
  s.ctx.fillStyle = g;
  s.ctx.fillRect(x - r, y - r, r * 2, r * 2);
}

function sky(s: Scene, bottom: number): void {
  const { ctx, w, u, random } = s;
  let [top, low] = SKIES[s.time];
  if (s.weather !== 'clear') {
    top = toHex(mix(parseHex(top), parseHex('#6f7788'), 0.55));
    low = toHex(mix(parseHex(low), parseHex('#9aa2b0'), 0.55));
  }
  const g = ctx.createLinearGradient(0, 0, 0, bottom);
  g.addColorStop(0, top);
  g.addColorStop(1, low);
  ctx.fillStyle = g;
  ctx.fillRect(0, 0, w, bottom + 2);
  if (s.time === 'night') {
    ctx.fillStyle = '#ffffff';
    for (let i = 0; i < 140; i++) {
      ctx.globalAlpha = 0.3 + random() * 0.7;
      const r = u * (0.0015 + random() * 0.003);
      ctx.beginPath();
      ctx.arc(random() * w, random() * bottom * 0.9, r, 0, Math.PI * 2);
      ctx.fill();
    }
    ctx.globalAlpha = 1;
  }
  if (s.weather !== 'clear') {
    for (let i = 0; i < 7; i++)
      cloud(s, random() * w, bottom * (0.05 + random() * 0.35), u * 0.12, '#7d8494');
    return;
  }
  // The sun or the moon.
  const x = w * (0.62 + random() * 0.25);
  if (s.time === 'night') {
    glow(s, x, bottom * 0.25, u * 0.18, '#dfe8ff', 0.35);
    ctx.fillStyle = '#f4f1dc';
    ctx.beginPath();
    ctx.arc(x, bottom * 0.25, u * 0.045, 0, Math.PI * 2);
    ctx.fill();
    ctx.fillStyle = top;
    ctx.beginPath();
    ctx.arc(x + u * 0.02, bottom * 0.25 - u * 0.012, u * 0.04, 0, Math.PI * 2);
    ctx.fill();
  } else {
    const low = s.time !== 'day';
    const y = low ? bottom * 0.82 : bottom * 0.22;
    glow(s, x, y, u * (low ? 0.45 : 0.3), low ? '#ffb347' : '#fff6c8', 0.7);
    ctx.fillStyle = low ? '#ffd27a' : '#fff4b8';
    ctx.beginPath();
    ctx.arc(x, y, u * (low ? 0.08 : 0.055), 0, Math.PI * 2);
    ctx.fill();
  }
  if (s.time !== 'night')
    for (let i = 0; i < 3; i++)
      cloud(s, random() * w, bottom * (0.1 + random() * 0.35), u * (0.06 + random() * 0.05));
}

function cloud(s: Scene, x: number, y: number, r: number, colour = '#ffffff'): void {
  const { ctx } = s;
  ctx.fillStyle = s.shade(colour);
  ctx.globalAlpha = 0.92;
  ctx.beginPath();
  ctx.ellipse(x, y, r * 1.6, r * 0.55, 0, 0, Math.PI * 2);
  ctx.ellipse(x - r * 0.6, y - r * 0.25, r * 0.6, r * 0.5, 0, 0, Math.PI * 2);
  ctx.ellipse(x + r * 0.3, y - r * 0.45, r * 0.75, r * 0.65, 0, 0, Math.PI * 2);
  ctx.fill();
  ctx.globalAlpha = 1;
}

/** A band of rolling hills whose top wanders around `y`. */
function hills(s: Scene, y: number, amplitude: number, colour: string, bottom = s.h): void {
  const { ctx, w, random } = s;
  ctx.fillStyle = s.shade(colour);
  ctx.beginPath();
  ctx.moveTo(0, bottom);
  ctx.lineTo(0, y);
  const steps = 4 + Math.floor(random() * 3);
  for (let i = 0; i < steps; i++) {
    const x0 = (w * i) / steps;
    const x1 = (w * (i + 1)) / steps;
    ctx.quadraticCurveTo(
      (x0 + x1) / 2,
      y - amplitude * (0.4 + random() * 1.2),
      x1,
      y + (random() - 0.5) * amplitude * 0.5,
    );
  }
  ctx.lineTo(w, bottom);
  ctx.closePath();
  ctx.fill();
}

function mountains(s: Scene, base: number, height: number, colour: string, snow: boolean): void {
  const { ctx, w, random } = s;
  let x = -w * 0.1;
  while (x < w * 1.1) {
    const width = w * (0.25 + random() * 0.2);
    const peak = base - height * (0.6 + random() * 0.4);
    const px = x + width / 2;
    ctx.fillStyle = s.shade(colour);
    ctx.beginPath();
    ctx.moveTo(x, base);
    ctx.lineTo(px, peak);
    ctx.lineTo(x + width, base);
    ctx.fill();
    if (snow) {
      const cap = (base - peak) * 0.28;
      ctx.fillStyle = s.shade('#f4f7fb');
      ctx.beginPath();
      ctx.moveTo(px, peak);
      ctx.lineTo(px + (width / 2) * (cap / (base - peak)), peak + cap);
      ctx.lineTo(px + width * 0.04, peak + cap * 0.8);
      ctx.lineTo(px - width * 0.05, peak + cap);
      ctx.lineTo(px - (width / 2) * (cap / (base - peak)), peak + cap);
      ctx.fill();
    }
    x += width * 0.7;
  }
}

/** A row of icons (trees, houses...) along y, `size` tall, faded with distance by `fade`. */
function iconRow(
  s: Scene,
  names: readonly string[],
  y: number,
  size: number,
  count: number,
  fade = 0,
  colour = '#9fb7c9',
): void {
  const { w, random } = s;
  for (let i = 0; i < count; i++) {
    const x = ((i + 0.2 + random() * 0.6) / count) * w;
    const name = names[Math.floor(random() * names.length)]!;
    const size1 = size * (0.8 + random() * 0.4);
    drawIcon(s.ctx, name, x, y + random() * size * 0.08, size1, {
      flip: random() < 0.5,
      colour: (c) => s.shade(fade > 0 ? toHex(mix(parseHex(c), parseHex(colour), fade)) : c),
    });
  }
}

function buildings(s: Scene, base: number, minH: number, maxH: number, far: boolean): void {
  const { ctx, w, u, random } = s;
  const colours = far
    ? ['#8c9bb5', '#9aa8c0', '#7f8fab']
    : ['#c96f53', '#e0a458', '#6c8ebf', '#8a7fb5', '#d98c8c', '#7fae9a', '#b7a98f'];
  let x = -u * 0.05;
  while (x < w) {
    const bw = u * (far ? 0.1 + random() * 0.12 : 0.16 + random() * 0.14);
    const bh = minH + random() * (maxH - minH);
    const colour = colours[Math.floor(random() * colours.length)]!;
    rect(s, x, base - bh, bw - u * 0.006, bh, colour);
    if (!far) rect(s, x, base - bh, bw - u * 0.006, u * 0.015, '#4a4a5a');
    const win = u * (far ? 0.014 : 0.03);
    const gap = win * 0.8;
    for (let wy = base - bh + gap * 1.5; wy < base - win * 1.5; wy += win + gap)
      for (let wx = x + gap; wx < x + bw - win - gap * 0.5; wx += win + gap) {
        const on = s.lit ? random() < 0.55 : false;
        ctx.fillStyle = on ? WINDOW_LIGHT : s.shade(far ? '#b9c6dc' : '#d9e8f5');
        ctx.fillRect(wx, wy, win, win * 1.3);
      }
    x += bw;
  }
}

function streetLamp(s: Scene, x: number, base: number, height: number): void {
  const { ctx, u } = s;
  rect(s, x - u * 0.006, base - height, u * 0.012, height, '#3c4250');
  rect(s, x - u * 0.025, base - height - u * 0.02, u * 0.05, u * 0.025, '#3c4250');
  if (s.lit || s.weather === 'rain') {
    glow(s, x, base - height, u * 0.18, WINDOW_LIGHT, 0.55);
    ctx.fillStyle = '#fff3c4';
  } else ctx.fillStyle = s.shade('#e8e2c8');
  ctx.fillRect(x - u * 0.018, base - height, u * 0.036, u * 0.015);
}

function windowFrame(s: Scene, x: number, y: number, w: number, h: number): void {
  const { ctx, u } = s;
  rect(s, x - u * 0.012, y - u * 0.012, w + u * 0.024, h + u * 0.024, '#f3efe6');
  ctx.save();
  ctx.beginPath();
  ctx.rect(x, y, w, h);
  ctx.clip();
  const inner: Scene = { ...s, w: x + w, h: y + h };
  sky(inner, y + h);
  hills({ ...inner, random: s.random }, y + h * 0.8, h * 0.1, '#7fb069', y + h);
  ctx.restore();
  rect(s, x + w / 2 - u * 0.005, y, u * 0.01, h, '#f3efe6');
  rect(s, x, y + h / 2 - u * 0.005, w, u * 0.01, '#f3efe6');
  if (s.weather === 'rain') rain(s, x, y, w, h, 40);
}

/** A plain interior: wall, skirting and floor; returns the floor line. */
function interior(s: Scene, wall: string, floor: string, floorY: number): number {
  const { ctx, w, h, u } = s;
  rect(s, 0, 0, w, floorY, wall);
  const g = ctx.createLinearGradient(0, 0, 0, floorY);
  g.addColorStop(0, 'rgba(0,0,0,0.12)');
  g.addColorStop(1, 'rgba(0,0,0,0)');
  ctx.fillStyle = g;
  ctx.fillRect(0, 0, w, floorY);
  rect(s, 0, floorY, w, h - floorY, floor);
  ctx.strokeStyle = s.shade(toHex(mix(parseHex(floor), [0, 0, 0], 0.18)));
  ctx.lineWidth = u * 0.003;
  for (let y = floorY + u * 0.04; y < h; y += u * 0.05 * (1 + (y - floorY) / h)) {
    ctx.beginPath();
    ctx.moveTo(0, y);
    ctx.lineTo(w, y);
    ctx.stroke();
  }
  rect(s, 0, floorY - u * 0.02, w, u * 0.02, '#f0ebe0');
  if (s.lit) {
    glow(s, w * 0.5, floorY * 0.3, u * 0.9, '#ffcf7a', 0.25);
  }
  return floorY;
}

function rain(s: Scene, x0: number, y0: number, w: number, h: number, count: number): void {
  const { ctx, u, random } = s;
  ctx.strokeStyle = 'rgba(220,230,255,0.55)';
  ctx.lineWidth = Math.max(1, u * 0.002);
  ctx.beginPath();
  for (let i = 0; i < count; i++) {
    const x = x0 + random() * w;
    const y = y0 + random() * h;
    ctx.moveTo(x, y);
    ctx.lineTo(x - u * 0.008, y + u * 0.04);
  }
  ctx.stroke();
}

function table(s: Scene, x: number, y: number, w: number, colour = '#a0673f'): void {
  const { u } = s;
  rect(s, x - w / 2, y, w, u * 0.025, colour);
  rect(s, x - w * 0.42, y, u * 0.018, u * 0.18, colour);
  rect(s, x + w * 0.42 - u * 0.018, y, u * 0.018, u * 0.18, colour);
}

type Draw = (s: Scene) => Backdrop;

const DRAW: Record<Setting, Draw> = {
  street(s) {
    const { ctx, w, h, u, random } = s;
    const horizon = h * 0.62;
    sky(s, horizon);
    buildings(s, horizon, h * 0.3, h * 0.5, true);
    buildings(s, horizon, h * 0.15, h * 0.38, false);
    // Shop signs: lit at night.
    for (let i = 0; i < 5; i++) {
      const x = random() * w;
      const colour = ['#ff4d6d', '#4dd2ff', '#ffd166', '#7cff6b'][i % 4]!;
      if (s.lit) glow(s, x, horizon - h * 0.22, u * 0.08, colour, 0.5);
      ctx.fillStyle = s.lit ? colour : s.shade(colour);
      ctx.fillRect(x, horizon - h * 0.3, u * 0.03, u * 0.12);
    }
    rect(s, 0, horizon, w, h * 0.07, '#b8b2a7');
    rect(s, 0, horizon + h * 0.07, w, h, '#55585f');
    for (let x = random() * u * 0.1; x < w; x += u * 0.22)
      rect(s, x, h * 0.84, u * 0.11, u * 0.012, '#e9e4d0');
    for (let x = u * 0.15; x < w; x += u * 0.6) streetLamp(s, x, horizon + h * 0.03, h * 0.3);
    if (s.weather === 'rain' || s.lit) {
      // Wet asphalt: streaks of the lights above.
      for (let i = 0; i < 14; i++) {
        const x = random() * w;
        const g = ctx.createLinearGradient(0, horizon + h * 0.07, 0, h);
        const c = parseHex(['#ffd77a', '#ff4d6d', '#4dd2ff'][i % 3]!);
        g.addColorStop(0, rgba(c, s.weather === 'rain' ? 0.35 : 0.15));
        g.addColorStop(1, rgba(c, 0));
        ctx.fillStyle = g;
        ctx.fillRect(x, horizon + h * 0.07, u * 0.02, h);
      }
    }
    return { groundY: h * 0.93, floating: false };
  },
  city(s) {
    const { w, h } = s;
    const horizon = h * 0.72;
    sky(s, horizon);
    buildings(s, horizon, h * 0.35, h * 0.6, true);
    buildings(s, horizon, h * 0.2, h * 0.45, false);
    rect(s, 0, horizon, w, h - horizon, '#a9a59c');
    rect(s, 0, horizon, w, s.u * 0.015, '#8b877f');
    return { groundY: h * 0.94, floating: false };
  },
  kitchen(s) {
    const { w, h, u, random } = s;
    const counter = h * 0.7;
    interior(s, '#f3dfc1', '#b98a5e', h * 0.9);
    // Tiled splashback, cabinets and a window.
    rect(s, 0, counter - h * 0.22, w, h * 0.22, '#e9eef0');
    s.ctx.strokeStyle = s.shade('#c9d3d8');
    s.ctx.lineWidth = u * 0.003;
    for (let x = 0; x < w; x += u * 0.06)
      s.ctx.strokeRect(x, counter - h * 0.22, u * 0.06, h * 0.22);
    for (let x = u * 0.02; x < w; x += u * 0.32) {
      if (x > w * 0.35 && x < w * 0.6) continue;
      rect(s, x, h * 0.06, u * 0.29, h * 0.3, '#8fb3a3');
      rect(s, x + u * 0.125, h * 0.3, u * 0.04, u * 0.012, '#e7d9b5');
    }
    windowFrame(s, w * 0.39, h * 0.08, w * 0.2, h * 0.3);
    rect(s, 0, counter, w, h * 0.035, '#e6e1d6');
    rect(s, 0, counter + h * 0.035, w, h * 0.2, '#8fb3a3');
    for (let x = u * 0.02; x < w; x += u * 0.3)
      rect(s, x, counter + h * 0.05, u * 0.27, h * 0.16, '#9dc1b1');
    drawIcon(s.ctx, 'cooking', w * 0.08, counter + u * 0.005, u * 0.12);
    drawIcon(
      s.ctx,
      random() < 0.5 ? 'potted-plant' : 'teapot',
      w * 0.93,
      counter + u * 0.005,
      u * 0.14,
    );
    return { groundY: counter + u * 0.01, floating: false };
  },
  room(s) {
    const { w, h, u } = s;
    const floor = interior(s, '#e9d8c4', '#a7774f', h * 0.74);
    s.ctx.fillStyle = s.shade('#e2cfb8');
    for (let x = 0; x < w; x += u * 0.08) s.ctx.fillRect(x, 0, u * 0.035, floor);
    windowFrame(s, w * 0.08, h * 0.12, w * 0.2, h * 0.36);
    drawIcon(s.ctx, 'framed-picture', w * 0.62, h * 0.38, u * 0.16);
    drawIcon(s.ctx, 'couch-and-lamp', w * 0.84, floor + u * 0.02, u * 0.36);
    s.ctx.fillStyle = s.shade('#c45b4a');
    s.ctx.beginPath();
    s.ctx.ellipse(w * 0.5, h * 0.9, w * 0.3, h * 0.06, 0, 0, Math.PI * 2);
    s.ctx.fill();
    return { groundY: h * 0.92, floating: false };
  },
  bedroom(s) {
    const { w, h, u } = s;
    const floor = interior(s, '#c9d6ea', '#b08a66', h * 0.74);
    windowFrame(s, w * 0.42, h * 0.1, w * 0.18, h * 0.34);
    drawIcon(s.ctx, 'bed', w * 0.18, floor + u * 0.06, u * 0.42);
    drawIcon(s.ctx, 'teddy-bear', w * 0.86, floor + u * 0.02, u * 0.12);
    if (s.lit) glow(s, w * 0.76, h * 0.45, u * 0.3, '#ffcf7a', 0.45);
    return { groundY: h * 0.92, floating: false };
  },
  office(s) {
    const { w, h, u } = s;
    interior(s, '#dfe3e8', '#7b8794', h * 0.78);
    const win = { x: w * 0.05, y: h * 0.07, w: w * 0.55, h: h * 0.5 };
    rect(s, win.x - u * 0.01, win.y - u * 0.01, win.w + u * 0.02, win.h + u * 0.02, '#5b6470');
    s.ctx.save();
    s.ctx.beginPath();
    s.ctx.rect(win.x, win.y, win.w, win.h);
    s.ctx.clip();
    sky(s, win.y + win.h);
    buildings(s, win.y + win.h, win.h * 0.3, win.h * 0.8, true);
    s.ctx.restore();
    for (let x = win.x + win.w / 3; x < win.x + win.w; x += win.w / 3)
      rect(s, x, win.y, u * 0.01, win.h, '#5b6470');
    const desk = h * 0.7;
    rect(s, w * 0.6, desk, w * 0.38, u * 0.03, '#c8a27a');
    rect(s, w * 0.62, desk, u * 0.02, h - desk, '#a8825a');
    rect(s, w * 0.95, desk, u * 0.02, h - desk, '#a8825a');
    drawIcon(s.ctx, 'desktop-computer', w * 0.78, desk + u * 0.005, u * 0.2);
    drawIcon(s.ctx, 'potted-plant', w * 0.93, h * 0.8, u * 0.16);
    return { groundY: h * 0.95, floating: false };
  },
  classroom(s) {
    const { ctx, w, h, u, random } = s;
    interior(s, '#f2e6c9', '#b58b5a', h * 0.72);
    rect(s, w * 0.18, h * 0.1, w * 0.64, h * 0.38, '#7a5230');
    rect(s, w * 0.19, h * 0.115, w * 0.62, h * 0.35, '#2f5a44');
    ctx.strokeStyle = 'rgba(255,255,255,0.75)';
    ctx.lineWidth = u * 0.004;
    for (let i = 0; i < 5; i++) {
      const y = h * (0.17 + i * 0.055);
      ctx.beginPath();
      ctx.moveTo(w * 0.23, y);
      for (let x = w * 0.23; x < w * (0.4 + random() * 0.35); x += u * 0.03)
        ctx.lineTo(x, y + (random() - 0.5) * u * 0.015);
      ctx.stroke();
    }
    ctx.fillStyle = s.shade('#ffffff');
    ctx.beginPath();
    ctx.arc(w * 0.9, h * 0.18, u * 0.05, 0, Math.PI * 2);
    ctx.fill();
    ctx.strokeStyle = '#333';
    ctx.beginPath();
    ctx.moveTo(w * 0.9, h * 0.18);
    ctx.lineTo(w * 0.9, h * 0.18 - u * 0.035);
    ctx.moveTo(w * 0.9, h * 0.18);
    ctx.lineTo(w * 0.9 + u * 0.025, h * 0.18);
    ctx.stroke();
    for (const x of [0.12, 0.88]) table(s, w * x, h * 0.84, u * 0.3, '#c8955c');
    drawIcon(s.ctx, 'books', w * 0.1, h * 0.84, u * 0.09);
    return { groundY: h * 0.95, floating: false };
  },
  library(s) {
    const { w, h, u, random } = s;
    interior(s, '#6b4a32', '#8c6a4a', h * 0.8);
    const spines = ['#b23a48', '#2e6f95', '#e0a030', '#4c8c4a', '#7b4b94', '#d8cfc0', '#1f3b57'];
    for (let y = h * 0.05; y < h * 0.75; y += h * 0.17) {
      let x = 0;
      while (x < w) {
        const bw = u * (0.018 + random() * 0.022);
        const bh = h * (0.1 + random() * 0.045);
        rect(s, x, y + h * 0.15 - bh, bw - 1, bh, spines[Math.floor(random() * spines.length)]!);
        x += bw;
        if (random() < 0.04) x += u * 0.08;
      }
      rect(s, 0, y + h * 0.15, w, h * 0.02, '#4a2f1e');
    }
    if (s.lit) glow(s, w * 0.2, h * 0.6, u * 0.35, '#ffcf7a', 0.5);
    return { groundY: h * 0.95, floating: false };
  },
  cafe(s) {
    const { ctx, w, h, u } = s;
    interior(s, '#7a4e3a', '#c49a6c', h * 0.76);
    rect(s, 0, h * 0.45, w, h * 0.31, '#9b6b4f');
    windowFrame(s, w * 0.06, h * 0.08, w * 0.26, h * 0.3);
    windowFrame(s, w * 0.68, h * 0.08, w * 0.26, h * 0.3);
    for (const x of [0.4, 0.6]) {
      ctx.strokeStyle = s.shade('#2a2a2a');
      ctx.lineWidth = u * 0.003;
      ctx.beginPath();
      ctx.moveTo(w * x, 0);
      ctx.lineTo(w * x, h * 0.16);
      ctx.stroke();
      glow(s, w * x, h * 0.2, u * 0.2, '#ffcf7a', s.lit ? 0.6 : 0.3);
      ctx.fillStyle = s.shade('#2f3b3a');
      ctx.beginPath();
      ctx.arc(w * x, h * 0.2, u * 0.04, Math.PI, 0);
      ctx.fill();
    }
    drawIcon(s.ctx, 'hot-beverage', w * 0.1, h * 0.45, u * 0.08);
    drawIcon(s.ctx, 'teapot', w * 0.9, h * 0.45, u * 0.09);
    table(s, w * 0.5, h * 0.78, w * 0.6, '#5b3a29');
    return { groundY: h * 0.79, floating: false };
  },
  shop(s) {
    const { ctx, w, h, u, random } = s;
    const horizon = h * 0.6;
    sky(s, horizon);
    buildings(s, horizon, h * 0.3, h * 0.45, true);
    rect(s, 0, horizon, w, h - horizon, '#c9b79c');
    for (let i = 0; i < 3; i++) {
      const x = w * (0.02 + i * 0.34);
      const sw = w * 0.3;
      for (let k = 0; k < 8; k++)
        rect(
          s,
          x + (sw / 8) * k,
          h * 0.28,
          sw / 8,
          h * 0.08,
          k % 2 ? '#fdf3e1' : ['#d64545', '#2f7fc1', '#3aa35b'][i]!,
        );
      ctx.fillStyle = s.shade('#8a5a3b');
      ctx.fillRect(x + sw * 0.05, h * 0.36, u * 0.012, h * 0.34);
      ctx.fillRect(x + sw * 0.95 - u * 0.012, h * 0.36, u * 0.012, h * 0.34);
      rect(s, x, h * 0.62, sw, h * 0.1, '#a0673f');
      const fruit = ['red-apple', 'tangerine', 'banana', 'watermelon', 'grapes', 'carrot'];
      for (let k = 0; k < 5; k++)
        drawIcon(
          s.ctx,
          fruit[Math.floor(random() * fruit.length)]!,
          x + sw * (0.12 + k * 0.19),
          h * 0.63,
          u * 0.07,
        );
    }
    return { groundY: h * 0.95, floating: false };
  },
  lab(s) {
    const { w, h, u } = s;
    interior(s, '#e4f0f1', '#c9d3d6', h * 0.76);
    for (const y of [0.18, 0.36]) {
      rect(s, w * 0.05, h * y, w * 0.9, u * 0.015, '#9fb3b8');
      ['test-tube', 'alembic', 'petri-dish', 'test-tube', 'dna', 'alembic'].forEach((name, i) =>
        drawIcon(s.ctx, name, w * (0.12 + i * 0.15), h * y, u * 0.08),
      );
    }
    rect(s, 0, h * 0.66, w, u * 0.03, '#f7f9fa');
    rect(s, 0, h * 0.66 + u * 0.03, w, h * 0.1, '#7d9aa3');
    return { groundY: h * 0.95, floating: false };
  },
  stage(s) {
    const { ctx, w, h, u, random } = s;
    rect(s, 0, 0, w, h, '#1c1426');
    for (let i = 0; i < 3; i++) {
      const x = w * (0.25 + i * 0.25);
      const g = ctx.createLinearGradient(x, 0, x, h * 0.8);
      g.addColorStop(0, 'rgba(255,240,200,0.45)');
      g.addColorStop(1, 'rgba(255,240,200,0.05)');
      ctx.fillStyle = g;
      ctx.beginPath();
      ctx.moveTo(x - u * 0.02, 0);
      ctx.lineTo(x + u * 0.02, 0);
      ctx.lineTo(x + u * 0.25, h * 0.8);
      ctx.lineTo(x - u * 0.25, h * 0.8);
      ctx.fill();
    }
    for (const side of [0, 1]) {
      for (let k = 0; k < 6; k++) {
        const x = side ? w - (k + 1) * w * 0.025 : k * w * 0.025;
        rect(s, x, 0, w * 0.025, h * 0.8, k % 2 ? '#8e1b2c' : '#a8243a');
      }
    }
    rect(s, 0, 0, w, h * 0.07, '#8e1b2c');
    rect(s, 0, h * 0.8, w, h * 0.2, '#6b4226');
    ctx.fillStyle = '#0b0810';
    for (let i = 0; i < 22; i++) {
      const x = (i / 21) * w + (random() - 0.5) * u * 0.03;
      ctx.beginPath();
      ctx.arc(x, h * 0.98, u * (0.035 + random() * 0.01), 0, Math.PI * 2);
      ctx.fill();
    }
    return { groundY: h * 0.82, floating: false };
  },
  forest(s) {
    const { h, u } = s;
    const horizon = h * 0.62;
    sky(s, horizon);
    hills(s, horizon, h * 0.12, '#6f9f8c');
    const trees = ['evergreen-tree', 'evergreen-tree', 'deciduous-tree'];
    iconRow(s, trees, horizon + h * 0.02, u * 0.28, 9, 0.55, '#8fb5b0');
    hills(s, horizon + h * 0.1, h * 0.04, '#5f9a4c');
    iconRow(s, trees, horizon + h * 0.14, u * 0.42, 6, 0.2, '#6c9a80');
    hills(s, h * 0.85, h * 0.03, '#4f8a3f');
    return { groundY: h * 0.93, floating: false };
  },
  mountains(s) {
    const { h, u } = s;
    const horizon = h * 0.7;
    sky(s, horizon);
    mountains(s, horizon, h * 0.55, '#8a9bb8', true);
    mountains(s, horizon + h * 0.05, h * 0.35, '#6d7f99', false);
    hills(s, horizon + h * 0.04, h * 0.05, '#6aa35a');
    iconRow(s, ['evergreen-tree'], horizon + h * 0.1, u * 0.16, 7, 0.1);
    return { groundY: h * 0.94, floating: false };
  },
  beach(s) {
    const { ctx, w, h, u } = s;
    const horizon = h * 0.5;
    sky(s, horizon);
    rect(s, 0, horizon, w, h * 0.2, '#2f8fc8');
    ctx.strokeStyle = s.shade('#bfe6f7');
    ctx.lineWidth = u * 0.004;
    for (let y = horizon + h * 0.03; y < horizon + h * 0.2; y += h * 0.04) {
      ctx.beginPath();
      for (let x = 0; x < w; x += u * 0.08) {
        ctx.moveTo(x, y);
        ctx.quadraticCurveTo(x + u * 0.02, y - u * 0.01, x + u * 0.04, y);
      }
      ctx.stroke();
    }
    hills(s, horizon + h * 0.22, h * 0.03, '#f1d9a4');
    drawIcon(s.ctx, 'palm-tree', w * 0.1, h * 0.78, u * 0.5);
    drawIcon(s.ctx, 'spiral-shell', w * 0.7, h * 0.95, u * 0.06);
    return { groundY: h * 0.93, floating: false };
  },
  sea(s) {
    const { ctx, w, h, u, random } = s;
    const horizon = h * 0.5;
    sky(s, horizon);
    const g = ctx.createLinearGradient(0, horizon, 0, h);
    g.addColorStop(0, s.shade('#3d8fc6'));
    g.addColorStop(1, s.shade('#1b5e8c'));
    ctx.fillStyle = g;
    ctx.fillRect(0, horizon, w, h - horizon);
    drawIcon(s.ctx, 'desert-island', w * 0.15, horizon + u * 0.01, u * 0.1);
    ctx.strokeStyle = s.shade('#a9d8f0');
    ctx.lineWidth = u * 0.004;
    for (let i = 0; i < 40; i++) {
      const x = random() * w;
      const y = horizon + (h - horizon) * random() ** 0.7;
      const len = u * 0.03 * (1 + (y - horizon) / (h - horizon));
      ctx.beginPath();
      ctx.moveTo(x, y);
      ctx.quadraticCurveTo(x + len / 2, y - len * 0.25, x + len, y);
      ctx.stroke();
    }
    return { groundY: h * 0.8, floating: false };
  },
  underwater(s) {
    const { ctx, w, h, u, random } = s;
    const g = ctx.createLinearGradient(0, 0, 0, h);
    g.addColorStop(0, s.time === 'night' ? '#0b2a4a' : '#3fb3d9');
    g.addColorStop(1, s.time === 'night' ? '#02101f' : '#0b4f7a');
    ctx.fillStyle = g;
    ctx.fillRect(0, 0, w, h);
    for (let i = 0; i < 6; i++) {
      const x = random() * w;
      ctx.fillStyle = 'rgba(255,255,255,0.07)';
      ctx.beginPath();
      ctx.moveTo(x, 0);
      ctx.lineTo(x + u * 0.08, 0);
      ctx.lineTo(x + u * 0.3, h);
      ctx.lineTo(x + u * 0.1, h);
      ctx.fill();
    }
    hills(s, h * 0.86, h * 0.04, '#d9c08b');
    iconRow(s, ['coral', 'coral', 'herb'], h * 0.92, u * 0.14, 7);
    ctx.strokeStyle = 'rgba(255,255,255,0.6)';
    ctx.lineWidth = u * 0.002;
    for (let i = 0; i < 25; i++) {
      ctx.beginPath();
      ctx.arc(random() * w, random() * h * 0.8, u * (0.004 + random() * 0.01), 0, Math.PI * 2);
      ctx.stroke();
    }
    return { groundY: h * 0.72, floating: true };
  },
  space(s) {
    const { ctx, w, h, u, random } = s;
    const g = ctx.createLinearGradient(0, 0, w, h);
    g.addColorStop(0, '#05051a');
    g.addColorStop(1, '#130a2e');
    ctx.fillStyle = g;
    ctx.fillRect(0, 0, w, h);
    glow(s, w * 0.3, h * 0.3, u * 0.6, '#6a3fb5', 0.35);
    glow(s, w * 0.8, h * 0.7, u * 0.5, '#1f7a9c', 0.3);
    ctx.fillStyle = '#ffffff';
    for (let i = 0; i < 260; i++) {
      ctx.globalAlpha = 0.3 + random() * 0.7;
      ctx.fillRect(random() * w, random() * h, u * 0.003, u * 0.003);
    }
    ctx.globalAlpha = 1;
    drawIcon(s.ctx, 'ringed-planet', w * 0.88, h * 0.32, u * 0.2);
    return { groundY: h * 0.7, floating: true };
  },
  desert(s) {
    const { w, h, u } = s;
    const horizon = h * 0.62;
    sky(s, horizon);
    hills(s, horizon, h * 0.08, '#e8c07a');
    hills(s, horizon + h * 0.1, h * 0.08, '#dca862');
    hills(s, horizon + h * 0.22, h * 0.05, '#efc98a');
    drawIcon(s.ctx, 'cactus', w * 0.12, h * 0.82, u * 0.22);
    drawIcon(s.ctx, 'cactus', w * 0.82, h * 0.72, u * 0.12, { flip: true });
    return { groundY: h * 0.93, floating: false };
  },
  countryside(s) {
    const { ctx, w, h, u } = s;
    const horizon = h * 0.6;
    sky(s, horizon);
    hills(s, horizon, h * 0.08, '#8cc063');
    iconRow(s, ['deciduous-tree', 'house', 'deciduous-tree'], horizon + h * 0.02, u * 0.1, 5, 0.3);
    hills(s, horizon + h * 0.08, h * 0.05, '#e2c35a');
    hills(s, horizon + h * 0.16, h * 0.04, '#7fb350');
    ctx.fillStyle = s.shade('#8a5a3b');
    for (let x = 0; x < w; x += u * 0.12) ctx.fillRect(x, h * 0.78, u * 0.012, h * 0.08);
    ctx.fillRect(0, h * 0.8, w, u * 0.01);
    ctx.fillRect(0, h * 0.83, w, u * 0.01);
    return { groundY: h * 0.95, floating: false };
  },
  park(s) {
    const { ctx, w, h, u } = s;
    const horizon = h * 0.6;
    sky(s, horizon);
    hills(s, horizon, h * 0.05, '#86c46a');
    iconRow(
      s,
      ['deciduous-tree', 'deciduous-tree', 'evergreen-tree'],
      horizon + h * 0.04,
      u * 0.26,
      6,
      0.25,
    );
    ctx.fillStyle = s.shade('#e6d3a3');
    ctx.beginPath();
    ctx.moveTo(w * 0.45, horizon + h * 0.06);
    ctx.quadraticCurveTo(w * 0.3, h * 0.8, w * 0.2, h);
    ctx.lineTo(w * 0.55, h);
    ctx.quadraticCurveTo(w * 0.5, h * 0.8, w * 0.52, horizon + h * 0.06);
    ctx.fill();
    iconRow(s, ['tulip', 'blossom', 'hibiscus'], h * 0.99, u * 0.06, 9);
    return { groundY: h * 0.92, floating: false };
  },
  snowfield(s) {
    const { h, u } = s;
    const horizon = h * 0.6;
    sky(s, horizon);
    mountains(s, horizon, h * 0.3, '#c5d5e8', true);
    hills(s, horizon, h * 0.06, '#eef4fa');
    iconRow(s, ['evergreen-tree'], horizon + h * 0.05, u * 0.16, 6, 0.35, '#dfe9f3');
    hills(s, horizon + h * 0.12, h * 0.05, '#f8fbff');
    return { groundY: h * 0.93, floating: false };
  },
  lake(s) {
    const { ctx, w, h, u } = s;
    const horizon = h * 0.5;
    sky(s, horizon);
    mountains(s, horizon, h * 0.25, '#7f93ad', false);
    iconRow(s, ['evergreen-tree'], horizon + u * 0.005, u * 0.1, 12, 0.3);
    const g = ctx.createLinearGradient(0, horizon, 0, h * 0.85);
    g.addColorStop(0, s.shade('#7fb2d6'));
    g.addColorStop(1, s.shade('#3e7fae'));
    ctx.fillStyle = g;
    ctx.fillRect(0, horizon, w, h * 0.35);
    hills(s, h * 0.86, h * 0.02, '#6aa35a');
    return { groundY: h * 0.8, floating: false };
  },
  sky(s) {
    const { w, h, u, random } = s;
    sky(s, h);
    for (let i = 0; i < 6; i++)
      cloud(s, random() * w, h * (0.55 + random() * 0.4), u * (0.12 + random() * 0.1));
    return { groundY: h * 0.7, floating: true };
  },
  stadium(s) {
    const { ctx, w, h, u, random } = s;
    const top = h * 0.4;
    sky(s, top);
    for (let k = 0; k < 5; k++)
      rect(s, 0, top + k * h * 0.04, w, h * 0.04, k % 2 ? '#5a6478' : '#667089');
    for (let i = 0; i < 400; i++) {
      ctx.fillStyle = ['#e63946', '#f1faee', '#457b9d', '#ffb703'][i % 4]!;
      ctx.fillRect(random() * w, top + random() * h * 0.2, u * 0.006, u * 0.006);
    }
    for (const x of [0.1, 0.9]) {
      rect(s, w * x, h * 0.05, u * 0.01, top, '#3c4250');
      if (s.lit) glow(s, w * x, h * 0.06, u * 0.3, '#ffffff', 0.6);
      rect(s, w * x - u * 0.04, h * 0.04, u * 0.08, u * 0.03, '#dfe6ee');
    }
    rect(s, 0, h * 0.6, w, h * 0.4, '#4caf50');
    for (let x = 0; x < w; x += u * 0.16) rect(s, x, h * 0.6, u * 0.08, h * 0.4, '#43a047');
    ctx.strokeStyle = 'rgba(255,255,255,0.85)';
    ctx.lineWidth = u * 0.006;
    ctx.beginPath();
    ctx.moveTo(w / 2, h * 0.6);
    ctx.lineTo(w / 2, h);
    ctx.moveTo(0, h * 0.62);
    ctx.lineTo(w, h * 0.62);
    ctx.stroke();
    ctx.beginPath();
    ctx.ellipse(w / 2, h * 0.8, u * 0.2, u * 0.08, 0, 0, Math.PI * 2);
    ctx.stroke();
    return { groundY: h * 0.93, floating: false };
  },
};

/**
 * Paints a setting's background at a time of day and in a weather (lights come on at dusk
 * and night, clouds close in under rain, snow and fog) and says where subjects stand.
 */
export function drawBackdrop(
  ctx: SKRSContext2D,
  setting: Setting,
  options: {
    width: number;
    height: number;
    random: () => number;
    time: TimeOfDay;
    weather: Weather;
  },
): Backdrop {
  const scene = makeScene(
    ctx,
    options.width,
    options.height,
    options.random,
    options.time,
    options.weather,
  );
  return DRAW[setting](scene);
}

/** Rain, snow or fog over the whole picture (drawn last, in front of the subjects). */
export function drawWeather(
  ctx: SKRSContext2D,
  weather: Weather,
  options: { width: number; height: number; random: () => number },
): void {
  const { width: w, height: h, random } = options;
  const u = Math.min(w, h);
  if (weather === 'rain') {
    const s = { ctx, u, random } as Scene;
    rain(s, -u * 0.05, -u * 0.05, w + u * 0.05, h, 260);
    ctx.fillStyle = 'rgba(40,50,70,0.12)';
    ctx.fillRect(0, 0, w, h);
  } else if (weather === 'snow') {
    ctx.fillStyle = 'rgba(255,255,255,0.9)';
    for (let i = 0; i < 220; i++) {
      ctx.beginPath();
      ctx.arc(random() * w, random() * h, u * (0.002 + random() * 0.005), 0, Math.PI * 2);
      ctx.fill();
    }
  } else if (weather === 'fog') {
    const g = ctx.createLinearGradient(0, 0, 0, h);
    g.addColorStop(0, 'rgba(235,238,242,0.15)');
    g.addColorStop(0.6, 'rgba(235,238,242,0.5)');
    g.addColorStop(1, 'rgba(235,238,242,0.25)');
    ctx.fillStyle = g;
    ctx.fillRect(0, 0, w, h);
  }
}

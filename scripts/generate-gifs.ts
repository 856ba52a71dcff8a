// Draws the GIFs shipped with the project (apps/web/public/gifs): original animations, made here from SVG frames with
// sharp, so that they are ours to release under CC0 (the LICENSE.md beside them). They carry no words: every
// language shows them. Which GIFs exist, their sizes and their search words are in the server's gif-tags.ts; this
// script draws each of them, writes `<id>.gif` and a small still `<id>-preview.webp` for the search grid, and prints
// the sizes. Run it after changing a drawing: `node scripts/generate-gifs.ts`.
import { mkdirSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import sharp from 'sharp';
import { gifPreviewSize, localGifs } from '../apps/server/src/modules/chat/gifs/gif-tags.ts';

const outputDirectory = join(import.meta.dirname, '../apps/web/public/gifs');
/** Every drawing uses this square; the GIF's own size scales it. */
const canvas = 240;
const maxBytes = 150 * 1024;

interface Animation {
  frames: number;
  /** Milliseconds per frame, or one value per frame. */
  delay: number | number[];
  background: string;
  /** The frame at `t` (0 ≤ t < 1, one loop), as SVG elements on the 240 × 240 canvas. */
  draw(t: number): string;
  /** The frame the search grid shows (default: the first). */
  still?: number;
}

const tau = Math.PI * 2;
const wave = (t: number, phase = 0) => Math.sin(tau * (t + phase));
/** Short numbers keep the SVG small and the output the same on every machine. */
const n = (value: number) => Number(value.toFixed(2));
const clamp = (value: number, low = 0, high = 1) => Math.min(high, Math.max(low, value));
/** 0 → 1 → 0 over the loop, eased. */
const pulse = (t: number, phase = 0) => (1 - Math.cos(tau * (t + phase))) / 2;

/** A seeded random sequence, so that confetti lands in the same places on every run. */
function createRandom(seed: number) {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let mixed = Math.imul(state ^ (state >>> 15), 1 | state);
    mixed = (mixed + Math.imul(mixed ^ (mixed >>> 7), 61 | mixed)) ^ mixed;
    return ((mixed ^ (mixed >>> 14)) >>> 0) / 4294967296;
  };
}

// ---- shapes ----

/** A heart 100 wide around (0, 0) before scaling. */
const heartPath =
  'M0 38 C-8 30 -50 6 -50 -18 C-50 -38 -34 -50 -18 -50 C-8 -50 -2 -44 0 -36 C2 -44 8 -50 18 -50 C34 -50 50 -38 50 -18 C50 6 8 30 0 38 Z';

function heart(x: number, y: number, scale: number, fill: string, options: { rotate?: number; opacity?: number } = {}) {
  const rotate = options.rotate ? ` rotate(${n(options.rotate)})` : '';
  const opacity = options.opacity === undefined ? '' : ` opacity="${n(clamp(options.opacity))}"`;
  return `<path d="${heartPath}" fill="${fill}"${opacity} transform="translate(${n(x)} ${n(y)})${rotate} scale(${n(scale)})"/>`;
}

/** A four-pointed sparkle of radius r. */
function sparkle(x: number, y: number, r: number, fill: string, opacity = 1) {
  if (r <= 0.2 || opacity <= 0.02) return '';
  const w = r * 0.28;
  const d = `M0 ${-r} C${w} ${-w} ${w} ${-w} ${r} 0 C${w} ${w} ${w} ${w} 0 ${r} C${-w} ${w} ${-w} ${w} ${-r} 0 C${-w} ${-w} ${-w} ${-w} 0 ${-r} Z`;
  return `<path d="${d}" fill="${fill}" opacity="${n(clamp(opacity))}" transform="translate(${n(x)} ${n(y)})"/>`;
}

/** A five-pointed star of outer radius r. */
function star(x: number, y: number, r: number, fill: string, rotate = 0, opacity = 1) {
  const points: string[] = [];
  for (let i = 0; i < 10; i++) {
    const radius = i % 2 === 0 ? r : r * 0.45;
    const angle = (i * Math.PI) / 5 - Math.PI / 2 + (rotate * Math.PI) / 180;
    points.push(`${n(x + radius * Math.cos(angle))},${n(y + radius * Math.sin(angle))}`);
  }
  return `<polygon points="${points.join(' ')}" fill="${fill}" opacity="${n(clamp(opacity))}"/>`;
}

const skin = '#FFCC4D';
const skinShade = '#F2A516';
const ink = '#4A2C1A';
const cheek = '#FF8A9A';

/** The round yellow face of the face GIFs, centred at (120, 124). */
function face(content: string, options: { x?: number; y?: number; rotate?: number; scale?: number } = {}) {
  const x = options.x ?? 0;
  const y = options.y ?? 0;
  const transform = `translate(${n(120 + x)} ${n(124 + y)}) rotate(${n(options.rotate ?? 0)}) scale(${n(options.scale ?? 1)}) translate(-120 -124)`;
  return `<g transform="${transform}"><circle cx="120" cy="128" r="86" fill="${skinShade}"/><circle cx="120" cy="124" r="86" fill="${skin}"/><ellipse cx="92" cy="76" rx="22" ry="12" fill="#FFE08A" transform="rotate(-25 92 76)"/>${content}</g>`;
}

const openEye = (x: number, y: number, ry = 14) =>
  `<ellipse cx="${x}" cy="${y}" rx="10" ry="${n(ry)}" fill="${ink}"/>${ry > 6 ? `<circle cx="${x + 3}" cy="${n(y - ry / 2)}" r="3.5" fill="#fff"/>` : ''}`;
const happyEye = (x: number, y: number) =>
  `<path d="M${x - 15} ${y + 5} Q${x} ${y - 14} ${x + 15} ${y + 5}" fill="none" stroke="${ink}" stroke-width="7" stroke-linecap="round"/>`;
const closedEye = (x: number, y: number) =>
  `<path d="M${x - 15} ${y - 3} Q${x} ${y + 12} ${x + 15} ${y - 3}" fill="none" stroke="${ink}" stroke-width="7" stroke-linecap="round"/>`;
const smile = (width = 40, depth = 26, y = 150) =>
  `<path d="M${120 - width} ${y} Q120 ${y + depth} ${120 + width} ${y}" fill="none" stroke="${ink}" stroke-width="8" stroke-linecap="round"/>`;
const cheeks = (opacity = 0.6, size = 1) =>
  `<ellipse cx="70" cy="146" rx="${n(16 * size)}" ry="${n(10 * size)}" fill="${cheek}" opacity="${n(opacity)}"/><ellipse cx="170" cy="146" rx="${n(16 * size)}" ry="${n(10 * size)}" fill="${cheek}" opacity="${n(opacity)}"/>`;
const openMouth = (y = 142, height = 44, width = 50) =>
  `<path d="M${120 - width} ${y} Q120 ${y - 4} ${120 + width} ${y} Q${120 + width - 6} ${y + height} 120 ${y + height} Q${120 - width + 6} ${y + height} ${120 - width} ${y} Z" fill="#7A2430"/>` +
  `<path d="M${120 - width + 4} ${y + 1} Q120 ${y - 2} ${120 + width - 4} ${y + 1} L${120 + width - 8} ${y + 10} Q120 ${y + 8} ${120 - width + 8} ${y + 10} Z" fill="#fff"/>` +
  `<ellipse cx="120" cy="${y + height - 10}" rx="${width * 0.5}" ry="9" fill="#F06A7E"/>`;

/** A raised open hand (palm towards us) with its wrist at (0, 0), fingers up. */
function openHand(fill = skin, shade = skinShade) {
  const finger = (x: number, top: number, width = 20, angle = 0) =>
    `<rect x="${x - width / 2}" y="${top}" width="${width}" height="${-top - 40}" rx="${width / 2}" fill="${fill}" stroke="${shade}" stroke-width="3" transform="rotate(${angle} ${x} -50)"/>`;
  return (
    finger(-27, -128, 19, -6) +
    finger(-8, -140, 20, -2) +
    finger(12, -136, 20, 2) +
    finger(30, -118, 18, 8) +
    `<rect x="-40" y="-82" width="82" height="76" rx="30" fill="${fill}" stroke="${shade}" stroke-width="3"/>` +
    `<rect x="-64" y="-74" width="22" height="58" rx="11" fill="${fill}" stroke="${shade}" stroke-width="3" transform="rotate(-38 -48 -30)"/>` +
    `<rect x="-32" y="-60" width="64" height="56" rx="24" fill="${fill}"/>`
  );
}

function flower(x: number, y: number, r: number, petals: string, centre: string, rotate = 0) {
  let shapes = '';
  for (let i = 0; i < 6; i++) {
    const angle = rotate + i * 60;
    shapes += `<ellipse cx="0" cy="${n(-r * 0.62)}" rx="${n(r * 0.42)}" ry="${n(r * 0.55)}" fill="${petals}" transform="rotate(${n(angle)})"/>`;
  }
  return `<g transform="translate(${n(x)} ${n(y)})">${shapes}<circle r="${n(r * 0.38)}" fill="${centre}"/></g>`;
}

/** A rose's head, about 70 wide, centred at (0, 0). */
function roseHead(dark = '#B3123A', mid = '#DC2848', light = '#F25070') {
  return (
    `<path d="M-34 -6 C-40 -34 -14 -44 0 -36 C14 -44 40 -34 34 -6 C30 22 12 32 0 32 C-12 32 -30 22 -34 -6 Z" fill="${dark}"/>` +
    `<path d="M-26 -10 C-24 -30 -4 -34 4 -26 C16 -34 30 -22 24 -6 C20 12 8 20 0 20 C-12 20 -26 8 -26 -10 Z" fill="${mid}"/>` +
    `<path d="M-12 -14 C-10 -26 8 -28 12 -16 C14 -6 4 2 -2 -2 C-8 -6 -2 -14 4 -12" fill="none" stroke="${dark}" stroke-width="4" stroke-linecap="round"/>` +
    `<path d="M-36 -2 C-28 26 -10 34 0 34 C10 34 28 26 36 -2 C26 16 14 22 0 22 C-14 22 -26 16 -36 -2 Z" fill="${light}"/>`
  );
}

const leaf = (x: number, y: number, angle: number, size = 1, fill = '#3FA34D') =>
  `<path d="M0 0 C10 -14 30 -16 44 -8 C30 4 12 8 0 0 Z" fill="${fill}" transform="translate(${n(x)} ${n(y)}) rotate(${n(angle)}) scale(${n(size)})"/>`;

function wineGlass(wine: string) {
  return (
    `<path d="M-26 -78 L26 -78 C30 -44 22 -18 0 -14 C-22 -18 -30 -44 -26 -78 Z" fill="#EAF6FF" stroke="#9CC9E6" stroke-width="3"/>` +
    `<path d="M-27 -54 L27 -54 C26 -30 16 -18 0 -17 C-16 -18 -26 -30 -27 -54 Z" fill="${wine}"/>` +
    `<path d="M-16 -70 C-18 -56 -16 -42 -10 -34" fill="none" stroke="#fff" stroke-width="4" stroke-linecap="round" opacity="0.8"/>` +
    `<rect x="-3" y="-16" width="6" height="46" fill="#9CC9E6"/><ellipse cx="0" cy="30" rx="22" ry="6" fill="#9CC9E6"/>`
  );
}

// ---- the animations ----

const animations: Record<string, Animation> = {
  heart: {
    frames: 10,
    delay: 80,
    background: '#FFE4EC',
    draw(t) {
      // Lub-dub: two beats close together, then a rest.
      const beat = Math.max(0, Math.sin(tau * t * 2.5)) * (t < 0.4 ? 1 : 0);
      const scale = 1.55 + 0.22 * beat;
      const rings = [0, 0.5].map((offset) => {
        const age = (t + offset) % 1;
        return `<circle cx="120" cy="118" r="${n(70 + age * 60)}" fill="none" stroke="#FF8FAB" stroke-width="${n(6 * (1 - age))}" opacity="${n(1 - age)}"/>`;
      });
      return (
        rings.join('') +
        heart(120, 122, scale, '#E8174A') +
        `<ellipse cx="${n(120 - 40 * (scale / 1.55))}" cy="${n(122 - 48 * (scale / 1.55))}" rx="${n((12 * scale) / 1.55)}" ry="${n((7 * scale) / 1.55)}" fill="#FF7A9A" transform="rotate(-40 ${n(120 - 40 * (scale / 1.55))} ${n(122 - 48 * (scale / 1.55))})"/>`
      );
    },
  },

  kiss: {
    frames: 12,
    delay: 90,
    background: '#FFEAF1',
    still: 8,
    draw(t) {
      const pucker = pulse(t);
      const sx = 1 - 0.28 * pucker;
      const lips =
        `<g transform="translate(104 132) scale(${n(sx)} ${n(1 + 0.1 * pucker)})">` +
        `<path d="M-62 0 C-44 -28 -22 -34 0 -16 C22 -34 44 -28 62 0 C30 8 -30 8 -62 0 Z" fill="#E0204F"/>` +
        `<path d="M-62 0 C-30 8 30 8 62 0 C44 40 -44 40 -62 0 Z" fill="#C8103E"/>` +
        `<path d="M-30 20 C-12 28 12 28 30 20" fill="none" stroke="#F25A7E" stroke-width="6" stroke-linecap="round"/>` +
        `<path d="M-58 1 C-28 10 28 10 58 1" fill="none" stroke="#8E0A2C" stroke-width="4" stroke-linecap="round"/></g>`;
      // A heart leaves the lips once per loop, drifting up and to the right.
      const age = clamp((t - 0.35) / 0.65);
      const flying =
        age > 0
          ? heart(130 + 80 * age, 110 - 80 * age + 10 * Math.sin(age * 8), 0.25 + 0.35 * age, '#FF4D7A', {
              rotate: 20 * age,
              opacity: 1 - age * age,
            })
          : '';
      return lips + flying + heart(196, 52, 0.16, '#FF9EB7') + heart(44, 200, 0.12, '#FF9EB7');
    },
  },

  wink: {
    frames: 10,
    delay: [120, 120, 120, 120, 120, 90, 90, 400, 90, 90],
    background: '#FFF4D6',
    still: 7,
    draw(t) {
      const frame = Math.round(t * 10);
      const winking = frame >= 6 && frame <= 8;
      const closing = frame === 5 || frame === 9;
      const tilt = winking ? -6 : closing ? -3 : 0;
      const rightEye = winking ? closedEye(152, 100) : openEye(152, 100, closing ? 6 : 14);
      return face(
        openEye(88, 100) +
          rightEye +
          cheeks(0.5) +
          `<path d="M82 148 Q122 186 160 140" fill="none" stroke="${ink}" stroke-width="8" stroke-linecap="round"/>` +
          (winking ? sparkle(196, 62, 16, '#FFB800') + sparkle(214, 92, 8, '#FFB800') : ''),
        { rotate: tilt },
      );
    },
  },

  wave: {
    frames: 10,
    delay: 80,
    background: '#E3F4FF',
    draw(t) {
      const angle = 22 * wave(t);
      const lines = [0, 1, 2]
        .map((i) => {
          const side = wave(t) > 0 ? 1 : -1;
          const x = 120 + side * (78 + i * 10);
          return `<path d="M${x} ${70 + i * 26} q${side * 12} -6 ${side * 20} 4" fill="none" stroke="#7CC4F0" stroke-width="6" stroke-linecap="round" opacity="${n(Math.abs(wave(t)))}"/>`;
        })
        .join('');
      return `${lines}<g transform="translate(120 214) rotate(${n(angle)})">${openHand()}</g>`;
    },
  },

  laugh: {
    frames: 8,
    delay: 80,
    background: '#FFF1C9',
    draw(t) {
      const bounce = Math.abs(wave(t)) * -8;
      const tilt = 5 * wave(t * 2);
      const tear = (side: number) => {
        const drop = (t * 2) % 1;
        const x = 120 + side * (72 + drop * 14);
        const y = 100 + drop * 30;
        return `<path d="M0 -14 C6 -4 10 2 10 7 C10 13 5 17 0 17 C-5 17 -10 13 -10 7 C-10 2 -6 -4 0 -14 Z" fill="#5BC0F8" transform="translate(${n(x)} ${n(y)}) rotate(${side * -30})" opacity="${n(1 - drop * 0.6)}"/>`;
      };
      return face(
        happyEye(86, 98) + happyEye(154, 98) + openMouth(136, 52 + 4 * Math.abs(wave(t)), 52) + tear(-1) + tear(1),
        {
          y: bounce,
          rotate: tilt,
        },
      );
    },
  },

  blush: {
    frames: 10,
    delay: 100,
    background: '#FFE8EE',
    draw(t) {
      const glow = pulse(t);
      const lines = (x: number) =>
        [0, 1, 2]
          .map(
            (i) =>
              `<path d="M${x + i * 9} ${160} l-6 10" stroke="#E05A74" stroke-width="3.5" stroke-linecap="round" opacity="${n(0.3 + 0.6 * glow)}"/>`,
          )
          .join('');
      return face(
        happyEye(88, 104) +
          happyEye(152, 104) +
          `<ellipse cx="68" cy="148" rx="${n(20 + 5 * glow)}" ry="${n(13 + 3 * glow)}" fill="#FF6F8E" opacity="${n(0.45 + 0.4 * glow)}"/>` +
          `<ellipse cx="172" cy="148" rx="${n(20 + 5 * glow)}" ry="${n(13 + 3 * glow)}" fill="#FF6F8E" opacity="${n(0.45 + 0.4 * glow)}"/>` +
          lines(58) +
          lines(164) +
          smile(18, 14, 150),
        { rotate: -4 * glow },
      );
    },
  },

  rose: {
    frames: 12,
    delay: 100,
    background: '#FFF0F0',
    draw(t) {
      const sway = 6 * wave(t);
      const petalAge = t;
      const petal = `<path d="M0 -10 C10 -10 14 4 0 12 C-14 4 -10 -10 0 -10 Z" fill="#DC2848" transform="translate(${n(150 + 30 * petalAge + 10 * wave(t * 2))} ${n(90 + 140 * petalAge)}) rotate(${n(200 * petalAge)})" opacity="${n(1 - petalAge * 0.5)}"/>`;
      return (
        `<g transform="rotate(${n(sway)} 120 236)">` +
        `<path d="M120 236 C118 190 124 150 120 96" fill="none" stroke="#2E8B3E" stroke-width="8" stroke-linecap="round"/>` +
        leaf(120, 186, -30, 1.1) +
        leaf(120, 160, 200, 0.9, '#2E8B3E') +
        `<path d="M112 98 L104 84 L118 92 L120 78 L126 92 L138 84 L130 100 Z" fill="#2E8B3E"/>` +
        `<g transform="translate(120 70) scale(1.25)">${roseHead()}</g></g>${petal}`
      );
    },
  },

  bouquet: {
    frames: 10,
    delay: 100,
    background: '#F1FAE8',
    draw(t) {
      const bob = (phase: number, size = 4) => size * wave(t, phase);
      const stems = [
        [86, 72],
        [112, 56],
        [140, 62],
        [160, 86],
        [72, 100],
      ]
        .map(([x, y]) => `<path d="M120 170 L${x} ${y}" stroke="#3E9B45" stroke-width="5"/>`)
        .join('');
      return (
        stems +
        leaf(90, 120, 210, 0.9) +
        leaf(150, 118, -30, 0.9) +
        leaf(120, 100, -80, 0.8, '#2E8B3E') +
        flower(86, 72 + bob(0), 26, '#FF8FB8', '#FFD54A', 20 * t) +
        flower(160, 86 + bob(0.3), 24, '#B388FF', '#FFF176', -20 * t) +
        flower(72, 104 + bob(0.6), 20, '#FFD54A', '#FF8A3D') +
        `<g transform="translate(112 ${n(56 + bob(0.15))}) scale(0.8)">${roseHead()}</g>` +
        `<g transform="translate(140 ${n(64 + bob(0.45))}) scale(0.62)">${roseHead('#D14B00', '#FF7A2F', '#FFA15C')}</g>` +
        `<path d="M76 132 L164 132 L132 226 L108 226 Z" fill="#F6C1D4"/><path d="M76 132 L120 132 L116 226 L108 226 Z" fill="#F0A3C0"/>` +
        `<path d="M120 176 C96 158 90 184 116 182 M124 176 C148 158 154 184 128 182" fill="#E8457B" stroke="#E8457B" stroke-width="6" stroke-linejoin="round"/>` +
        `<circle cx="120" cy="180" r="7" fill="#C92F63"/>` +
        `<path d="M116 184 L104 208 M124 184 L136 208" stroke="#E8457B" stroke-width="6" stroke-linecap="round"/>`
      );
    },
  },

  cheers: {
    frames: 12,
    delay: [90, 90, 90, 90, 90, 300, 90, 90, 90, 90, 90, 90],
    background: '#FBEFF7',
    still: 5,
    draw(t) {
      // The glasses meet at t = 5/12 and part again.
      const closeness = clamp(1 - Math.abs(t - 5 / 12) / 0.42);
      const eased = closeness * closeness * (3 - 2 * closeness);
      // Tilted by `angle`, a rim reaches sin(angle) × 78 towards the middle: the rims just touch at the end.
      const angle = 4 + 12 * eased;
      const gap = 60 - 13 * eased;
      const left = `<g transform="translate(${n(120 - gap)} 190) rotate(${n(angle)})">${wineGlass('#B0123E')}</g>`;
      const right = `<g transform="translate(${n(120 + gap)} 190) rotate(${n(-angle)})">${wineGlass('#F4C542')}</g>`;
      const clink = closeness > 0.9;
      const burst = clink
        ? sparkle(120, 84, 22, '#FFB800') + sparkle(92, 66, 10, '#FF6F91') + sparkle(150, 62, 12, '#6FC3FF')
        : '';
      return left + right + burst;
    },
  },

  coffee: {
    frames: 12,
    delay: 100,
    background: '#F6EDE3',
    draw(t) {
      const steam = [96, 120, 144]
        .map((x, i) => {
          const phase = (t + i / 3) % 1;
          const y = 86 - phase * 30;
          const sway = 8 * wave(t, i / 3);
          return `<path d="M${x} ${n(y + 30)} C${n(x - 12 + sway)} ${n(y + 18)} ${n(x + 12 + sway)} ${n(y + 8)} ${n(x + sway)} ${n(y - 8)}" fill="none" stroke="#C9B3A3" stroke-width="7" stroke-linecap="round" opacity="${n(1 - phase)}"/>`;
        })
        .join('');
      return (
        steam +
        `<ellipse cx="120" cy="200" rx="84" ry="16" fill="#E3CDB8"/><ellipse cx="120" cy="196" rx="84" ry="14" fill="#FFFFFF"/>` +
        `<path d="M166 128 C200 126 204 170 164 172" fill="none" stroke="#E8505B" stroke-width="12"/>` +
        `<path d="M58 112 L182 112 C180 162 160 194 120 194 C80 194 60 162 58 112 Z" fill="#F25F5C"/>` +
        `<ellipse cx="120" cy="112" rx="62" ry="14" fill="#F98F8C"/><ellipse cx="120" cy="113" rx="54" ry="10" fill="#7B4A2D"/>` +
        `<path d="${heartPath}" fill="#E9C9A6" transform="translate(120 113) scale(0.2 0.12)"/>`
      );
    },
  },

  party: {
    frames: 12,
    delay: 80,
    background: '#EEF0FF',
    draw(t) {
      const random = createRandom(7);
      const colours = ['#FF4D7A', '#FFC400', '#37C6F4', '#7ED957', '#A46BFF', '#FF8A3D'];
      let confetti = '';
      for (let i = 0; i < 22; i++) {
        const angle = -Math.PI / 2 + (random() - 0.35) * 1.4;
        const speed = 120 + random() * 90;
        const start = random();
        const age = (t + start) % 1;
        const x = 70 + Math.cos(angle) * speed * age + 40 * age;
        const y = 170 + Math.sin(angle) * speed * age + 160 * age * age;
        const colour = colours[i % colours.length];
        const spin = 720 * age + random() * 180;
        confetti +=
          i % 3 === 0
            ? `<circle cx="${n(x)}" cy="${n(y)}" r="5" fill="${colour}"/>`
            : `<rect x="-6" y="-3" width="12" height="6" fill="${colour}" transform="translate(${n(x)} ${n(y)}) rotate(${n(spin)})"/>`;
      }
      const shake = 3 * wave(t * 3);
      const streamers = `<path d="M86 160 C110 130 96 100 122 ${n(80 + 6 * wave(t))}" fill="none" stroke="#FF4D7A" stroke-width="5" stroke-linecap="round"/><path d="M92 166 C130 150 140 120 170 ${n(116 + 6 * wave(t, 0.5))}" fill="none" stroke="#37C6F4" stroke-width="5" stroke-linecap="round"/>`;
      return (
        streamers +
        confetti +
        `<g transform="rotate(${n(shake)} 50 210)"><path d="M30 226 L62 144 L108 190 Z" fill="#FFC400"/><path d="M46 186 L80 162 M38 206 L96 178" stroke="#FF4D7A" stroke-width="7"/><ellipse cx="85" cy="167" rx="33" ry="12" fill="#E09B00" transform="rotate(45 85 167)"/></g>`
      );
    },
  },

  fireworks: {
    frames: 12,
    delay: 90,
    background: '#1B1F4B',
    draw(t) {
      const burst = (x: number, y: number, colour: string, phase: number, rays = 12, size = 60) => {
        const age = (t + phase) % 1;
        if (age < 0.2) {
          // The rocket climbs to its burst.
          const climb = age / 0.2;
          return `<circle cx="${x}" cy="${n(240 - (240 - y) * climb)}" r="4" fill="${colour}"/>`;
        }
        const spread = (age - 0.2) / 0.8;
        const radius = size * Math.sqrt(spread);
        let sparks = '';
        for (let i = 0; i < rays; i++) {
          const angle = (i / rays) * tau;
          const inner = radius * 0.55;
          const fade = n(1 - spread * spread);
          sparks += `<line x1="${n(x + Math.cos(angle) * inner)}" y1="${n(y + Math.sin(angle) * inner + 10 * spread)}" x2="${n(x + Math.cos(angle) * radius)}" y2="${n(y + Math.sin(angle) * radius + 14 * spread)}" stroke="${colour}" stroke-width="6" stroke-linecap="round" opacity="${fade}"/>`;
          sparks += `<circle cx="${n(x + Math.cos(angle) * (radius + 9))}" cy="${n(y + Math.sin(angle) * (radius + 9) + 16 * spread)}" r="3.5" fill="${colour}" opacity="${fade}"/>`;
        }
        return `${sparks}<circle cx="${x}" cy="${y}" r="${n(8 * (1 - spread))}" fill="#fff" opacity="${n(1 - spread)}"/>`;
      };
      const stars = [
        [30, 40],
        [210, 30],
        [190, 200],
        [50, 190],
        [120, 20],
      ]
        .map(([x, y], i) => sparkle(x ?? 0, y ?? 0, 4 + 3 * pulse(t, i / 5), '#FFF6C7'))
        .join('');
      return (
        stars +
        burst(78, 86, '#FF5C8A', 0, 14, 70) +
        burst(170, 80, '#FFD34D', 0.4, 16, 66) +
        burst(122, 156, '#5CE1E6', 0.7, 12, 58)
      );
    },
  },

  'thumbs-up': {
    frames: 8,
    delay: 90,
    background: '#E6F8EA',
    draw(t) {
      const lift = Math.abs(wave(t / 2 + 0.25));
      return (
        sparkle(56, 60, 10 + 6 * pulse(t), '#3CC26A') +
        sparkle(190, 64, 8 + 6 * pulse(t, 0.5), '#3CC26A') +
        `<g transform="translate(128 ${n(138 - 10 * lift)}) rotate(${n(-4 * lift)}) scale(${n(1 + 0.05 * lift)})">` +
        `<rect x="-76" y="-6" width="30" height="84" rx="6" fill="#3A7BD5"/>` +
        `<rect x="-30" y="-84" width="38" height="100" rx="19" fill="${skin}" stroke="${skinShade}" stroke-width="3" transform="rotate(-10 -11 10)"/>` +
        [0, 1, 2, 3]
          .map(
            (i) =>
              `<rect x="0" y="${-2 + i * 20}" width="54" height="22" rx="11" fill="${skin}" stroke="${skinShade}" stroke-width="3"/>`,
          )
          .join('') +
        `<rect x="-50" y="-10" width="70" height="92" rx="24" fill="${skin}" stroke="${skinShade}" stroke-width="3"/>` +
        `<rect x="-42" y="-4" width="64" height="80" rx="20" fill="${skin}"/>` +
        `</g>`
      );
    },
  },

  clap: {
    frames: 8,
    delay: 70,
    background: '#FFF3DF',
    draw(t) {
      const open = pulse(t);
      // Two hands seen from the side, palms together, swinging apart from the wrists.
      const hand = (side: number) =>
        `<g transform="translate(${n(120 + side * 14)} 206) rotate(${n(side * (8 + 30 * open))}) scale(${side} 1)">` +
        `<path d="M-2 0 L-2 -108 C-2 -126 30 -128 32 -108 L36 -40 C48 -56 66 -50 60 -36 L44 -4 C40 6 30 10 20 10 L4 10 C0 10 -2 6 -2 0 Z" fill="${skin}" stroke="${skinShade}" stroke-width="3" stroke-linejoin="round"/>` +
        `<path d="M12 -100 L12 -40 M22 -96 L22 -44" stroke="${skinShade}" stroke-width="3" stroke-linecap="round"/>` +
        `<rect x="-4" y="8" width="42" height="26" rx="4" fill="#F28C28"/></g>`;
      const impact =
        open < 0.25
          ? [-1, 1]
              .flatMap((side) =>
                [0, 1, 2].map(
                  (i) =>
                    `<path d="M${120 + side * 30} ${52 + i * 22} l${side * 22} ${(i - 1) * 12}" stroke="#FFB02E" stroke-width="6" stroke-linecap="round"/>`,
                ),
              )
              .join('')
          : '';
      return impact + hand(-1) + hand(1);
    },
  },

  hug: {
    frames: 12,
    delay: [100, 100, 100, 100, 100, 100, 300, 300, 100, 100, 100, 100],
    background: '#FFEFE6',
    still: 6,
    draw(t) {
      const together = clamp(Math.sin(Math.PI * t) * 1.4);
      const hugging = together > 0.85;
      const centre = (side: number) => 120 + side * (74 - 32 * together);
      const body = (side: number, colour: string) => {
        const x = centre(side);
        const lean = side * -8 * together;
        const eyes = hugging
          ? `<path d="M${n(x - 20)} 138 Q${n(x - 13)} 130 ${n(x - 6)} 138 M${n(x + 6)} 138 Q${n(x + 13)} 130 ${n(x + 20)} 138" fill="none" stroke="${ink}" stroke-width="4" stroke-linecap="round"/>`
          : `<circle cx="${n(x - 13)}" cy="138" r="5" fill="${ink}"/><circle cx="${n(x + 13)}" cy="138" r="5" fill="${ink}"/>`;
        return (
          `<g transform="rotate(${n(lean)} ${n(x)} 210)"><ellipse cx="${n(x)}" cy="152" rx="50" ry="58" fill="${colour}"/>${eyes}` +
          `<path d="M${n(x - 9)} 154 Q${n(x)} 162 ${n(x + 9)} 154" fill="none" stroke="${ink}" stroke-width="4" stroke-linecap="round"/>` +
          `<ellipse cx="${n(x - 26)}" cy="152" rx="8" ry="5" fill="${cheek}"/><ellipse cx="${n(x + 26)}" cy="152" rx="8" ry="5" fill="${cheek}"/></g>`
        );
      };
      // Each one's hand shows on the far side of the other's back.
      const hand = (side: number, colour: string) =>
        `<ellipse cx="${n(centre(-side) - side * 44)}" cy="160" rx="12" ry="16" fill="${colour}" opacity="${n(clamp((together - 0.6) / 0.3))}"/>`;
      const love = hugging ? heart(120, 64 - 40 * (together - 0.85), 0.3 + (together - 0.85) * 1.4, '#FF4D7A') : '';
      return (
        body(-1, '#7FD1C7') +
        body(1, '#FFB3C7') +
        (together > 0.6 ? hand(-1, '#4DB3A6') + hand(1, '#F0849F') : '') +
        love
      );
    },
  },

  flame: {
    frames: 8,
    delay: 80,
    background: '#FFF1E0',
    draw(t) {
      const flick = (amount: number, phase: number) => amount * wave(t, phase);
      const flameShape = (scale: number, fill: string, phase: number) => {
        const tipX = 120 + flick(12, phase);
        const tipY = 40 + (1 - scale) * 80 + flick(6, phase + 0.25);
        return `<path d="M${n(tipX)} ${n(tipY)} C${n(150 + flick(8, phase))} ${n(80 + (1 - scale) * 60)} ${n(120 + 70 * scale)} ${n(130)} ${n(120 + 66 * scale)} ${n(160)} C${n(120 + 60 * scale)} ${n(200 + 6 * scale)} ${n(120 + 30 * scale)} 214 120 214 C${n(120 - 30 * scale)} 214 ${n(120 - 60 * scale)} ${n(200 + 6 * scale)} ${n(120 - 66 * scale)} ${n(160)} C${n(120 - 66 * scale)} 120 ${n(96 + flick(8, phase + 0.5))} ${n(100 + (1 - scale) * 40)} ${n(tipX)} ${n(tipY)} Z" fill="${fill}"/>`;
      };
      return (
        flameShape(1, '#F4511E', 0) +
        flameShape(0.72, '#FF9800', 0.3) +
        flameShape(0.42, '#FFD54F', 0.6) +
        sparkle(60 + 6 * wave(t), 70 - 20 * t, 6, '#FF9800', 1 - t) +
        sparkle(184, 96 - 24 * ((t + 0.5) % 1), 5, '#F4511E', 1 - ((t + 0.5) % 1))
      );
    },
  },

  sunrise: {
    frames: 12,
    delay: [100, 100, 100, 100, 100, 100, 100, 100, 100, 100, 100, 700],
    background: '#FFE3B3',
    still: 11,
    draw(t) {
      const rise = clamp(t / 0.85);
      const eased = 1 - (1 - rise) ** 2;
      const sunY = 190 - 96 * eased;
      let rays = '';
      for (let i = 0; i < 12; i++) {
        const angle = (i / 12) * tau + t * 0.5;
        const inner = 56;
        const outer = 56 + 18 * eased;
        rays += `<line x1="${n(120 + Math.cos(angle) * inner)}" y1="${n(sunY + Math.sin(angle) * inner)}" x2="${n(120 + Math.cos(angle) * outer)}" y2="${n(sunY + Math.sin(angle) * outer)}" stroke="#FFB300" stroke-width="7" stroke-linecap="round" opacity="${n(eased)}"/>`;
      }
      return (
        `<rect y="0" width="240" height="80" fill="#FFD08A"/><rect y="80" width="240" height="60" fill="#FFDDA0"/>` +
        rays +
        `<circle cx="120" cy="${n(sunY)}" r="44" fill="#FFC21A"/><circle cx="120" cy="${n(sunY)}" r="34" fill="#FFD54F"/>` +
        `<path d="M0 178 C50 160 90 168 130 176 C170 184 200 170 240 164 L240 240 L0 240 Z" fill="#7CC576"/>` +
        `<path d="M0 204 C60 190 120 204 240 194 L240 240 L0 240 Z" fill="#5DAE5B"/>` +
        `<path d="M${n(40 + 30 * t)} 60 q8 -8 16 0 q8 -8 16 0" fill="none" stroke="#8A5A44" stroke-width="3.5" stroke-linecap="round"/>`
      );
    },
  },

  'good-night': {
    frames: 12,
    delay: 120,
    background: '#1E2A5A',
    draw(t) {
      const rock = 6 * wave(t);
      const stars = [
        [40, 50, 0],
        [196, 44, 0.25],
        [178, 150, 0.5],
        [56, 176, 0.75],
        [206, 206, 0.4],
        [30, 110, 0.6],
        [110, 30, 0.1],
      ]
        .map(([x, y, phase]) =>
          star(x ?? 0, y ?? 0, 6 + 6 * pulse(t, phase ?? 0), '#FFE27A', 0, 0.5 + 0.5 * pulse(t, phase ?? 0)),
        )
        .join('');
      const moon =
        `<mask id="crescent"><circle cx="112" cy="124" r="80" fill="#fff"/><circle cx="160" cy="92" r="66" fill="#000"/></mask>` +
        `<g transform="rotate(${n(rock)} 120 124)"><circle cx="112" cy="124" r="80" fill="#FFE27A" mask="url(#crescent)"/>` +
        `<path d="M66 120 Q78 132 92 122" fill="none" stroke="#9C7A14" stroke-width="5" stroke-linecap="round"/>` +
        `<ellipse cx="92" cy="146" rx="10" ry="6" fill="#FFB38A"/>` +
        `<path d="M74 158 Q88 170 104 160" fill="none" stroke="#9C7A14" stroke-width="5" stroke-linecap="round"/></g>`;
      return stars + moon;
    },
  },

  rain: {
    frames: 8,
    delay: 80,
    background: '#E2E8F0',
    draw(t) {
      let drops = '';
      for (let i = 0; i < 7; i++) {
        const x = 62 + i * 19;
        const fall = (t + (i * 3) / 7) % 1;
        const y = 136 + fall * 96;
        drops += `<path d="M0 -10 C4 -3 7 1 7 5 C7 9 4 12 0 12 C-4 12 -7 9 -7 5 C-7 1 -4 -3 0 -10 Z" fill="#4A90E2" transform="translate(${x} ${n(y)})" opacity="${n(1 - fall * 0.5)}"/>`;
      }
      const droop = 2 * wave(t);
      return (
        drops +
        `<g transform="translate(0 ${n(droop)})"><path d="M54 136 C30 136 24 104 46 96 C44 66 80 52 100 68 C112 44 156 44 166 74 C196 70 214 100 196 122 C200 136 188 140 180 136 Z" fill="#9AA7B8"/>` +
        `<path d="M96 100 q8 -6 16 0 M132 100 q8 -6 16 0" fill="none" stroke="#3E4A5C" stroke-width="4" stroke-linecap="round" transform="rotate(180 122 97)"/>` +
        `<circle cx="104" cy="106" r="4" fill="#3E4A5C"/><circle cx="140" cy="106" r="4" fill="#3E4A5C"/>` +
        `<path d="M110 124 Q122 114 134 124" fill="none" stroke="#3E4A5C" stroke-width="4" stroke-linecap="round"/></g>`
      );
    },
  },

  music: {
    frames: 8,
    delay: 100,
    background: '#F0E9FF',
    draw(t) {
      const note = (x: number, y: number, colour: string, phase: number) => {
        const dy = 12 * wave(t, phase);
        const angle = 10 * wave(t, phase + 0.25);
        return `<g transform="translate(${x} ${n(y + dy)}) rotate(${n(angle)})"><ellipse cx="-10" cy="30" rx="16" ry="12" fill="${colour}" transform="rotate(-20 -10 30)"/><rect x="2" y="-36" width="6" height="68" fill="${colour}"/><path d="M8 -36 C22 -28 34 -20 26 0 C28 -14 18 -18 8 -20 Z" fill="${colour}"/></g>`;
      };
      const beamed = (x: number, y: number, colour: string, phase: number) => {
        const dy = 12 * wave(t, phase);
        return `<g transform="translate(${x} ${n(y + dy)}) rotate(${n(8 * wave(t, phase + 0.25))})"><ellipse cx="-12" cy="34" rx="14" ry="11" fill="${colour}" transform="rotate(-20 -12 34)"/><ellipse cx="38" cy="26" rx="14" ry="11" fill="${colour}" transform="rotate(-20 38 26)"/><rect x="-2" y="-30" width="6" height="64" fill="${colour}"/><rect x="48" y="-38" width="6" height="64" fill="${colour}"/><path d="M-2 -30 L54 -38 L54 -24 L-2 -16 Z" fill="${colour}"/></g>`;
      };
      return (
        note(56, 88, '#FF4D7A', 0) +
        beamed(112, 120, '#7B5CFF', 0.33) +
        note(190, 70, '#17B890', 0.66) +
        sparkle(40, 190, 8 * pulse(t), '#FFB800') +
        sparkle(200, 186, 8 * pulse(t, 0.5), '#FFB800')
      );
    },
  },

  sparkles: {
    frames: 10,
    delay: 90,
    background: '#FFF8E1',
    draw(t) {
      const items: [number, number, number, string, number][] = [
        [120, 112, 62, '#FFC107', 0],
        [62, 64, 26, '#FF6F91', 0.3],
        [184, 66, 22, '#4FC3F7', 0.55],
        [186, 176, 30, '#FFB300', 0.75],
        [58, 178, 20, '#BA68C8', 0.15],
      ];
      return items
        .map(([x, y, r, colour, phase]) => sparkle(x, y, r * (0.45 + 0.55 * pulse(t, phase)), colour))
        .join('');
    },
  },

  cake: {
    frames: 8,
    delay: 100,
    background: '#FFEFF5',
    draw(t) {
      const flick = 4 * wave(t * 2);
      const random = createRandom(3);
      let sprinkles = '';
      const sprinkleColours = ['#FF4D7A', '#37C6F4', '#FFC400', '#7ED957'];
      for (let i = 0; i < 12; i++) {
        const x = 62 + random() * 116;
        const y = 168 + random() * 42;
        sprinkles += `<rect x="-5" y="-2" width="10" height="4" rx="2" fill="${sprinkleColours[i % 4]}" transform="translate(${n(x)} ${n(y)}) rotate(${n(random() * 180)})"/>`;
      }
      return (
        `<ellipse cx="120" cy="220" rx="88" ry="10" fill="#E8C7D4"/>` +
        `<rect x="48" y="150" width="144" height="70" rx="12" fill="#8D5A3B"/>` +
        `<path d="M48 162 C48 150 56 146 66 146 L174 146 C184 146 192 150 192 162 C184 176 176 164 168 176 C160 188 152 168 144 176 C136 186 128 166 120 178 C112 188 104 168 96 178 C88 186 80 166 72 176 C62 186 56 170 48 172 Z" fill="#FFD1E0"/>` +
        sprinkles +
        `<rect x="72" y="104" width="96" height="48" rx="10" fill="#F7A8C4"/>` +
        `<path d="M72 116 C72 106 78 102 86 102 L154 102 C162 102 168 106 168 116 C160 126 154 114 146 124 C138 132 130 116 120 126 C110 134 102 118 94 126 C86 132 80 118 72 124 Z" fill="#FFF4F8"/>` +
        `<rect x="114" y="62" width="12" height="42" rx="3" fill="#5BC0F8"/><path d="M114 72 L126 66 M114 84 L126 78 M114 96 L126 90" stroke="#fff" stroke-width="3"/>` +
        `<ellipse cx="120" cy="52" rx="${n(20 + 2 * pulse(t * 2))}" ry="${n(22 + 2 * pulse(t * 2))}" fill="#FFE082" opacity="0.5"/>` +
        `<path d="M120 ${n(30 + Math.abs(flick))} C${n(132 + flick)} 44 130 58 120 60 C110 58 ${n(108 + flick)} 44 120 ${n(30 + Math.abs(flick))} Z" fill="#FF9800"/>` +
        `<path d="M120 44 C126 50 125 57 120 58 C115 57 114 50 120 44 Z" fill="#FFEB3B"/>`
      );
    },
  },

  'hearts-rain': {
    frames: 12,
    delay: 90,
    background: '#FFE6EF',
    draw(t) {
      const random = createRandom(11);
      const colours = ['#FF4D7A', '#E8174A', '#FF8FAB', '#FF6F91', '#C2185B'];
      let hearts = '';
      for (let i = 0; i < 14; i++) {
        const x = 16 + random() * 208;
        const start = random();
        const size = 0.16 + random() * 0.22;
        const speed = random() < 0.5 ? 1 : 2;
        const fall = (t * speed + start) % 1;
        const y = -30 + fall * 300;
        hearts += heart(x + 12 * Math.sin(tau * (fall + start)), y, size, colours[i % colours.length] ?? '#FF4D7A', {
          rotate: 20 * Math.sin(tau * (fall + start)),
        });
      }
      return hearts;
    },
  },

  shy: {
    frames: 8,
    delay: 110,
    background: '#FCE9F1',
    draw(t) {
      const tap = pulse(t * 2);
      // Two index fingers pointing at each other, tapping together.
      const hand = (side: number) => {
        const x = 120 + side * (62 + 10 * tap);
        return (
          `<g transform="translate(${n(x)} 206) scale(${-side} 1)">` +
          `<rect x="8" y="-20" width="52" height="17" rx="8.5" fill="${skin}" stroke="${skinShade}" stroke-width="3"/>` +
          `<rect x="-30" y="-22" width="46" height="46" rx="18" fill="${skin}" stroke="${skinShade}" stroke-width="3"/>` +
          `<path d="M-6 4 L12 4 M-6 14 L10 14" stroke="${skinShade}" stroke-width="3" stroke-linecap="round"/></g>`
        );
      };
      return (
        face(
          `<ellipse cx="90" cy="114" rx="9" ry="11" fill="${ink}"/><ellipse cx="146" cy="114" rx="9" ry="11" fill="${ink}"/>` +
            `<circle cx="87" cy="110" r="3" fill="#fff"/><circle cx="143" cy="110" r="3" fill="#fff"/>` +
            `<path d="M74 88 Q88 86 100 78 M140 78 Q152 86 166 88" fill="none" stroke="${ink}" stroke-width="5" stroke-linecap="round"/>` +
            cheeks(0.7 + 0.2 * tap, 1.1) +
            `<path d="M108 154 Q114 150 120 154 Q126 158 132 154" fill="none" stroke="${ink}" stroke-width="5" stroke-linecap="round"/>`,
          { y: -22, rotate: -5, scale: 0.9 },
        ) +
        hand(-1) +
        hand(1)
      );
    },
  },

  thinking: {
    frames: 12,
    delay: 140,
    background: '#EAF2FF',
    draw(t) {
      const dots = [0, 1, 2]
        .map((i) => {
          const visible = t * 4 > i + 0.5;
          return visible ? `<circle cx="${168 + i * 20}" cy="${60 - i * 16}" r="${6 + i * 3}" fill="#9DB4D9"/>` : '';
        })
        .join('');
      const tap = 3 * wave(t * 3);
      return (
        face(
          openEye(90, 96) +
            openEye(150, 100) +
            `<path d="M72 72 Q90 60 106 70" fill="none" stroke="${ink}" stroke-width="6" stroke-linecap="round"/>` +
            `<path d="M136 80 L164 78" fill="none" stroke="${ink}" stroke-width="6" stroke-linecap="round"/>` +
            `<path d="M100 156 L144 148" fill="none" stroke="${ink}" stroke-width="8" stroke-linecap="round"/>`,
          { x: -10, y: -4, scale: 0.92 },
        ) +
        `<g transform="translate(92 ${n(196 + tap)}) rotate(-20)"><rect x="-10" y="-52" width="22" height="62" rx="11" fill="${skin}" stroke="${skinShade}" stroke-width="3"/><rect x="-30" y="0" width="62" height="40" rx="16" fill="${skin}" stroke="${skinShade}" stroke-width="3"/></g>` +
        dots
      );
    },
  },

  'ok-hand': {
    frames: 8,
    delay: 100,
    background: '#E8F7F4',
    draw(t) {
      const nod = 8 * wave(t);
      const shine = pulse(t);
      const finger = (x: number, y: number, h: number, angle: number) =>
        `<rect x="${x}" y="${y}" width="20" height="${h}" rx="10" fill="${skin}" stroke="${skinShade}" stroke-width="3" transform="rotate(${angle} ${x + 10} ${y + h})"/>`;
      return (
        sparkle(62, 62, 6 + 10 * shine, '#20B2AA') +
        sparkle(190, 190, 6 + 10 * (1 - shine), '#20B2AA') +
        `<g transform="translate(126 120) rotate(${n(nod)})">` +
        finger(-4, -96, 70, 4) +
        finger(18, -86, 66, 14) +
        finger(34, -66, 56, 26) +
        `<path d="M-46 0 C-46 -30 -22 -44 -4 -30 C10 -20 4 6 -14 10" fill="none" stroke="${skinShade}" stroke-width="25" stroke-linecap="round"/>` +
        `<path d="M-46 0 C-46 -30 -22 -44 -4 -30 C10 -20 4 6 -14 10" fill="none" stroke="${skin}" stroke-width="19" stroke-linecap="round"/>` +
        `<rect x="-30" y="-30" width="80" height="84" rx="30" fill="${skin}" stroke="${skinShade}" stroke-width="3"/>` +
        `<path d="M-60 26 C-60 0 -40 -6 -26 4 L-14 14" fill="none" stroke="${skinShade}" stroke-width="25" stroke-linecap="round"/>` +
        `<path d="M-60 26 C-60 0 -40 -6 -26 4 L-14 14" fill="none" stroke="${skin}" stroke-width="19" stroke-linecap="round"/>` +
        `<circle cx="-24" cy="-6" r="10" fill="#E8F7F4"/>` +
        `<rect x="-16" y="50" width="56" height="46" fill="${skin}"/><rect x="-20" y="86" width="64" height="26" rx="4" fill="#3A7BD5"/></g>`
      );
    },
  },

  dance: {
    frames: 8,
    delay: 110,
    background: '#2A1B4A',
    draw(t) {
      const step = Math.round(t * 8) % 4;
      const beat = wave(t * 2);
      const hip = 6 * wave(t * 2);
      const lights = [
        ['#FF4D7A', 36, 34],
        ['#FFC400', 120, 16],
        ['#37C6F4', 204, 34],
      ]
        .map(
          ([colour, x, y], i) =>
            `<circle cx="${x}" cy="${y}" r="${n(8 + 8 * pulse(t, i / 3))}" fill="${colour}" opacity="${n(0.4 + 0.5 * pulse(t, i / 3))}"/>`,
        )
        .join('');
      const armsUp = step % 2 === 0;
      const leftArm = armsUp ? 'M106 118 L82 96 L74 66' : 'M106 118 L78 128 L70 150';
      const rightArm = armsUp ? 'M134 118 L160 136 L176 120' : 'M134 118 L160 100 L170 70';
      const leftLeg = step < 2 ? 'M112 170 L96 198 L84 228' : 'M112 170 L110 200 L104 228';
      const rightLeg = step < 2 ? 'M128 170 L134 200 L136 228' : 'M128 170 L150 196 L164 220';
      return (
        lights +
        `<ellipse cx="120" cy="232" rx="70" ry="8" fill="#4A3880"/>` +
        `<g transform="translate(${n(hip)} ${n(-4 * Math.abs(beat))})">` +
        `<path d="${leftLeg}" fill="none" stroke="#3B3B98" stroke-width="14" stroke-linecap="round" stroke-linejoin="round"/>` +
        `<path d="${rightLeg}" fill="none" stroke="#3B3B98" stroke-width="14" stroke-linecap="round" stroke-linejoin="round"/>` +
        `<path d="M104 110 L136 110 L142 176 L98 176 Z" fill="#FF4D7A"/>` +
        `<path d="${leftArm}" fill="none" stroke="${skin}" stroke-width="12" stroke-linecap="round" stroke-linejoin="round"/>` +
        `<path d="${rightArm}" fill="none" stroke="${skin}" stroke-width="12" stroke-linecap="round" stroke-linejoin="round"/>` +
        `<circle cx="120" cy="84" r="24" fill="${skin}"/><path d="M96 80 C96 58 144 56 144 78 C136 70 110 70 96 80 Z" fill="#5A3A22"/>` +
        `<path d="M110 92 Q120 100 130 92" fill="none" stroke="${ink}" stroke-width="3.5" stroke-linecap="round"/>` +
        `<circle cx="112" cy="84" r="3" fill="${ink}"/><circle cx="128" cy="84" r="3" fill="${ink}"/></g>` +
        sparkle(40, 120, 8 * pulse(t), '#FFF') +
        sparkle(200, 150, 8 * pulse(t, 0.5), '#FFF')
      );
    },
  },

  cocktail: {
    frames: 10,
    delay: 100,
    background: '#E0F7FA',
    draw(t) {
      let bubbles = '';
      for (let i = 0; i < 5; i++) {
        const age = (t + i / 5) % 1;
        bubbles += `<circle cx="${n(96 + i * 12 + 4 * wave(age))}" cy="${n(140 - age * 50)}" r="${n(3 + 2 * age)}" fill="#FFFFFF" opacity="${n(0.9 - age * 0.6)}"/>`;
      }
      const sway = 5 * wave(t);
      return (
        `<path d="M52 70 L188 70 L120 150 Z" fill="#E6F7FF" stroke="#8DD3E8" stroke-width="3"/>` +
        `<path d="M66 86 L174 86 L120 148 Z" fill="#FF6F61"/><path d="M66 86 L174 86 L160 102 L80 102 Z" fill="#FF9A76"/>` +
        bubbles +
        `<rect x="116" y="148" width="8" height="54" fill="#8DD3E8"/><ellipse cx="120" cy="204" rx="40" ry="9" fill="#8DD3E8"/>` +
        `<circle cx="178" cy="76" r="22" fill="#FFB74D"/><circle cx="178" cy="76" r="17" fill="#FFE0B2"/><path d="M178 59 L178 93 M161 76 L195 76 M166 64 L190 88 M190 64 L166 88" stroke="#FFB74D" stroke-width="2.5"/>` +
        `<g transform="rotate(${n(sway)} 100 90)"><path d="M100 90 L84 30" stroke="#795548" stroke-width="4"/><path d="M50 40 C60 10 110 4 122 28 C110 22 100 30 92 26 C84 32 74 26 66 34 C60 30 54 36 50 40 Z" fill="#E91E63"/><path d="M86 20 L84 30" stroke="#fff" stroke-width="3"/></g>` +
        `<path d="M140 46 L150 86" stroke="#43A047" stroke-width="6" stroke-linecap="round"/>`
      );
    },
  },

  'cat-wave': {
    frames: 10,
    delay: 90,
    background: '#FFF3E0',
    draw(t) {
      const paw = 18 * wave(t);
      const blink = t > 0.7 && t < 0.85;
      const eye = (x: number) =>
        blink
          ? `<path d="M${x - 9} 114 Q${x} 120 ${x + 9} 114" fill="none" stroke="${ink}" stroke-width="4" stroke-linecap="round"/>`
          : `<ellipse cx="${x}" cy="112" rx="7" ry="10" fill="${ink}"/><circle cx="${x + 2}" cy="108" r="2.5" fill="#fff"/>`;
      return (
        `<ellipse cx="128" cy="204" rx="60" ry="42" fill="#F5A25D"/><ellipse cx="128" cy="214" rx="34" ry="26" fill="#FFE0C2"/>` +
        `<path d="M182 214 C218 208 218 164 200 154" fill="none" stroke="#F5A25D" stroke-width="14" stroke-linecap="round"/>` +
        `<g transform="translate(8 0)">` +
        `<path d="M64 86 L70 36 L104 66 Z" fill="#F5A25D"/><path d="M176 86 L170 36 L136 66 Z" fill="#F5A25D"/>` +
        `<path d="M72 76 L75 50 L94 67 Z" fill="#FFB3C1"/><path d="M168 76 L165 50 L146 67 Z" fill="#FFB3C1"/>` +
        `<ellipse cx="120" cy="118" rx="62" ry="54" fill="#F5A25D"/>` +
        `<path d="M104 70 L108 88 M120 66 L120 86 M136 70 L132 88" stroke="#D9813F" stroke-width="5" stroke-linecap="round"/>` +
        eye(98) +
        eye(142) +
        `<path d="M114 130 L126 130 L120 136 Z" fill="#E5677E"/><path d="M120 136 Q112 146 104 140 M120 136 Q128 146 136 140" fill="none" stroke="${ink}" stroke-width="3.5" stroke-linecap="round"/>` +
        `<path d="M60 126 L84 130 M60 140 L84 136 M180 126 L156 130 M180 140 L156 136" stroke="${ink}" stroke-width="2.5" stroke-linecap="round"/>` +
        `<ellipse cx="86" cy="138" rx="9" ry="5" fill="#FF8A9A" opacity="0.6"/><ellipse cx="154" cy="138" rx="9" ry="5" fill="#FF8A9A" opacity="0.6"/></g>` +
        // The raised paw, waving from the shoulder.
        `<g transform="rotate(${n(paw)} 52 206)"><rect x="34" y="96" width="34" height="112" rx="17" fill="#F5A25D"/>` +
        `<path d="M38 120 L64 120 M38 140 L64 140" stroke="#D9813F" stroke-width="4" stroke-linecap="round"/>` +
        `<ellipse cx="51" cy="100" rx="20" ry="18" fill="#FFE0C2"/><ellipse cx="51" cy="104" rx="7" ry="6" fill="#FFB3C1"/>` +
        `<circle cx="40" cy="92" r="3.5" fill="#FFB3C1"/><circle cx="51" cy="88" r="3.5" fill="#FFB3C1"/><circle cx="62" cy="92" r="3.5" fill="#FFB3C1"/></g>`
      );
    },
  },

  'heart-eyes': {
    frames: 10,
    delay: 90,
    background: '#FFEAF0',
    draw(t) {
      const beat = 0.3 + 0.06 * pulse(t * 2);
      return (
        face(heart(86, 100, beat, '#E8174A') + heart(154, 100, beat, '#E8174A') + openMouth(142, 40, 46), {
          rotate: 4 * wave(t),
        }) +
        heart(40 + 10 * t, 60 - 30 * t, 0.14, '#FF8FAB', { opacity: 1 - t }) +
        heart(200, 70 - 30 * ((t + 0.5) % 1), 0.12, '#FF8FAB', { opacity: 1 - ((t + 0.5) % 1) })
      );
    },
  },

  wow: {
    frames: 8,
    delay: [90, 90, 90, 90, 300, 90, 90, 90],
    background: '#E8F4FF',
    still: 4,
    draw(t) {
      const pop = Math.sin(Math.PI * clamp(t * 2));
      const lines = [0, 1, 2, 3, 4, 5]
        .map((i) => {
          const angle = (i / 6) * tau - Math.PI / 2 + 0.26;
          const inner = 96 + 10 * pop;
          const outer = inner + 14 * pop;
          return pop > 0.2
            ? `<line x1="${n(120 + Math.cos(angle) * inner)}" y1="${n(124 + Math.sin(angle) * inner)}" x2="${n(120 + Math.cos(angle) * outer)}" y2="${n(124 + Math.sin(angle) * outer)}" stroke="#FF9800" stroke-width="6" stroke-linecap="round"/>`
            : '';
        })
        .join('');
      return (
        lines +
        face(
          openEye(88, 96, 16 + 3 * pop) +
            openEye(152, 96, 16 + 3 * pop) +
            `<path d="M68 ${n(66 - 6 * pop)} Q88 ${n(54 - 6 * pop)} 106 ${n(64 - 6 * pop)} M134 ${n(64 - 6 * pop)} Q152 ${n(54 - 6 * pop)} 172 ${n(66 - 6 * pop)}" fill="none" stroke="${ink}" stroke-width="6" stroke-linecap="round"/>` +
            `<ellipse cx="120" cy="162" rx="${n(16 + 4 * pop)}" ry="${n(20 + 6 * pop)}" fill="#7A2430"/>`,
          { scale: 0.92 + 0.08 * pop },
        )
      );
    },
  },

  'love-letter': {
    frames: 12,
    delay: [100, 100, 100, 100, 100, 100, 100, 100, 500, 100, 100, 100],
    background: '#FFF0F3',
    still: 8,
    draw(t) {
      const open = clamp(t / 0.35);
      const rise = clamp((t - 0.3) / 0.4);
      // The flap turns over its hinge at y = 110: its tip goes from 170 (closed) up to 60.
      const tipY = 170 - 110 * open;
      const flap = `<path d="M40 110 L120 ${n(tipY)} L200 110 Z" fill="${tipY > 110 ? '#F8BBD0' : '#F48FB1'}"/>`;
      const letterY = 130 - 64 * rise;
      const beat = t > 0.7 ? 0.05 * Math.sin(tau * (t - 0.7) * 5) : 0;
      const shine = t > 0.7 ? Math.sin((Math.PI * (t - 0.7)) / 0.3) : 0;
      return (
        (tipY <= 110 ? flap : '') +
        `<rect x="40" y="110" width="160" height="100" rx="8" fill="#F8BBD0"/>` +
        `<rect x="56" y="${n(letterY)}" width="128" height="86" rx="6" fill="#FFFFFF"/>${heart(120, letterY + 36, 0.42 + beat, '#E8174A')}` +
        `<path d="M40 116 L120 170 L200 116 L200 202 C200 207 196 210 192 210 L48 210 C44 210 40 207 40 202 Z" fill="#F06292"/>` +
        `<path d="M40 210 L110 160 M200 210 L130 160" stroke="#EC407A" stroke-width="4"/>` +
        (tipY > 110 ? flap + heart(120, tipY - 18, 0.16, '#E8174A') : '') +
        sparkle(56, 70, 12 * shine, '#FFB800') +
        sparkle(186, 60, 10 * shine, '#FFB800')
      );
    },
  },

  cry: {
    frames: 8,
    delay: 100,
    background: '#E4EEFB',
    draw(t) {
      const stream = (side: number) => {
        const x = 120 + side * 34;
        const flow = t;
        const drops = [0, 0.5]
          .map((offset) => {
            const age = (flow + offset) % 1;
            return `<path d="M0 -10 C5 -3 8 1 8 5 C8 10 4 13 0 13 C-4 13 -8 10 -8 5 C-8 1 -5 -3 0 -10 Z" fill="#4FC3F7" transform="translate(${n(x + side * 10 * age)} ${n(118 + age * 90)})" opacity="${n(1 - age * 0.7)}"/>`;
          })
          .join('');
        return `<path d="M${x - 8} 112 L${x - 8} 200 L${x + 8} 200 L${x + 8} 112 Z" fill="#81D4FA" opacity="0.7"/>${drops}`;
      };
      const sob = 3 * wave(t * 2);
      return face(
        closedEye(86, 100) +
          closedEye(154, 100) +
          `<path d="M68 78 Q84 74 102 84 M138 84 Q156 74 172 78" fill="none" stroke="${ink}" stroke-width="5" stroke-linecap="round"/>` +
          stream(-1) +
          stream(1) +
          `<path d="M92 ${n(172 + sob)} Q120 ${n(140 + sob)} 148 ${n(172 + sob)} Q120 ${n(160 + sob)} 92 ${n(172 + sob)} Z" fill="#7A2430"/>`,
        { y: sob },
      );
    },
  },
};

async function renderFrame(animation: Animation, t: number, width: number, height: number) {
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 ${canvas} ${canvas}"><rect width="${canvas}" height="${canvas}" fill="${animation.background}"/>${animation.draw(t)}</svg>`;
  return sharp(Buffer.from(svg)).png().toBuffer();
}

async function main() {
  const drawn = new Set(Object.keys(animations));
  const tagged = new Set(localGifs.map((gif) => gif.id));
  const untagged = [...drawn].filter((id) => !tagged.has(id));
  const undrawn = [...tagged].filter((id) => !drawn.has(id));
  if (untagged.length > 0 || undrawn.length > 0) {
    throw new Error(
      `drawings and gif-tags.ts differ: without tags ${untagged.join(', ')}; without a drawing ${undrawn.join(', ')}`,
    );
  }
  mkdirSync(outputDirectory, { recursive: true });
  // Files of GIFs that no longer exist go; LICENSE.md stays.
  for (const file of readdirSync(outputDirectory)) {
    if (/\.(gif|webp)$/.test(file)) rmSync(join(outputDirectory, file));
  }
  let total = 0;
  for (const gif of localGifs) {
    const animation = animations[gif.id] as Animation;
    const frames = await Promise.all(
      Array.from({ length: animation.frames }, (_, index) =>
        renderFrame(animation, index / animation.frames, gif.width, gif.height),
      ),
    );
    const delay = Array.isArray(animation.delay) ? animation.delay : frames.map(() => animation.delay as number);
    if (delay.length !== frames.length) throw new Error(`${gif.id}: ${frames.length} frames, ${delay.length} delays`);
    const animated = await sharp(frames, { join: { animated: true } })
      .gif({ delay, loop: 0, effort: 10, dither: 0.4, interFrameMaxError: 4 })
      .toBuffer();
    if (animated.length > maxBytes) throw new Error(`${gif.id}.gif is ${animated.length} bytes, over ${maxBytes}`);
    const still = await sharp(frames[animation.still ?? 0])
      .resize(gifPreviewSize, gifPreviewSize)
      .webp({ quality: 82 })
      .toBuffer();
    writeFileSync(join(outputDirectory, `${gif.id}.gif`), animated);
    writeFileSync(join(outputDirectory, `${gif.id}-preview.webp`), still);
    total += animated.length + still.length;
    console.log(
      `${gif.id.padEnd(14)} ${String(frames.length).padStart(2)} frames  ${(animated.length / 1024).toFixed(1).padStart(6)} KB  preview ${(still.length / 1024).toFixed(1).padStart(5)} KB`,
    );
  }
  console.log(`${localGifs.length} GIFs, ${(total / 1024).toFixed(1)} KB in all`);
}

await main();

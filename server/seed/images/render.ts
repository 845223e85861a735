/**
 * Generated product drawings: one light, deterministic SVG per category, tinted by the finish
 * colour. Each drawing is a recognisable silhouette (a faucet, a basin, a toilet…) on a light
 * background in a 400 × 400 view box. The drawings are also reused by the content scenes.
 *
 * What a drawing shows of the product comes from its attributes (DrawingParts, read by
 * catalogue-images.ts): a faucet's handles and mount, a sink's bowls and mount, a tub's install.
 * The drawn parts are marked (`data-part="handle"`, `data-part="bowl"`, `data-mount`) so a test can
 * hold every picture to its product's attributes.
 */

/** What a drawing shows of a product; anything left out is drawn in the category's usual way. */
export interface DrawingParts {
  /** A faucet's handles. */
  readonly handles?: 1 | 2;
  /**
   * Where it sits: 'wall' or 'deck' for a faucet; a sink's mount (undermount, drop-in, vessel,
   * pedestal, wall-mount; top-mount, farmhouse); a tub's install (alcove, freestanding, drop-in).
   */
  readonly mount?: string;
  /** A kitchen sink's bowls, a vanity's sinks. */
  readonly bowls?: number;
}

export interface ProductSvgInput {
  readonly categorySlug: string;
  /** '#rrggbb'; anything else falls back to a neutral grey. */
  readonly finishHex: string;
  readonly finishName: string;
  readonly title: string;
  /** Picks between small variations no attribute states (the same for every finish of a product). */
  readonly seed: number;
  readonly parts?: DrawingParts;
}

const XML_ESCAPES: Readonly<Record<string, string>> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  "'": '&apos;',
};

/** Text safe inside XML elements and attributes; characters XML 1.0 forbids are dropped. */
export const escapeXml = (text: string): string =>
  text
    // eslint-disable-next-line no-control-regex
    .replace(/[\u0000-\u0008\u000b\u000c\u000e-\u001f\ufffe\uffff]/g, '')
    .replace(/[&<>"']/g, (c) => XML_ESCAPES[c] ?? c);

const FALLBACK_HEX = '#9aa0a6';

const rgb = (hex: string): [number, number, number] => {
  const value = /^#[0-9a-f]{6}$/i.test(hex) ? hex : FALLBACK_HEX;
  return [1, 3, 5].map((i) => parseInt(value.slice(i, i + 2), 16)) as [number, number, number];
};

const toHex = (channels: readonly number[]): string =>
  `#${channels
    .map((c) =>
      Math.round(Math.min(255, Math.max(0, c)))
        .toString(16)
        .padStart(2, '0'),
    )
    .join('')}`;

/** Mixes a colour towards another by t (0 = a, 1 = b). */
export const mix = (a: string, b: string, t: number): string => {
  const [ca, cb] = [rgb(a), rgb(b)];
  return toHex(ca.map((c, i) => c + ((cb[i] ?? 0) - c) * t));
};

const luminance = (hex: string): number => {
  const [r, g, b] = rgb(hex);
  return (0.2126 * r + 0.7152 * g + 0.0722 * b) / 255;
};

/** The colours one drawing is painted with, derived from the finish colour. */
export interface Palette {
  readonly base: string;
  readonly light: string;
  readonly dark: string;
  /** Outline: visible on a light background even for a white fixture. */
  readonly line: string;
  /** Lines drawn inside a shape (doors, drawers): visible on the finish colour itself. */
  readonly detail: string;
  /** id of the metal sheen gradient of the finish (defined by `paletteDefs`). */
  readonly sheen: string;
  /** id of the neutral chrome gradient for secondary metal parts. */
  readonly chrome: string;
}

export const palette = (hex: string, idPrefix = '', chromeId = `${idPrefix}c`): Palette => {
  const base = mix(hex, hex, 0);
  const bright = luminance(base) > 0.6;
  return {
    base,
    light: mix(base, '#ffffff', bright ? 0.6 : 0.45),
    dark: mix(base, '#000000', bright ? 0.22 : 0.35),
    line: mix(base, '#000000', bright ? 0.38 : 0.55),
    detail: bright ? mix(base, '#000000', 0.38) : mix(base, '#ffffff', 0.3),
    sheen: `${idPrefix}s`,
    chrome: chromeId,
  };
};

const gradient = (id: string, dark: string, light: string, base: string): string =>
  `<linearGradient id="${id}" x1="0" x2="1"><stop offset="0" stop-color="${dark}"/><stop offset=".45" stop-color="${light}"/><stop offset="1" stop-color="${base}"/></linearGradient>`;

/** The palette's gradients; scenes that share one chrome gradient leave it out. */
export const paletteDefs = (p: Palette, withChrome = true): string =>
  gradient(p.sheen, p.dark, p.light, p.base) +
  (withChrome ? gradient(p.chrome, '#8d949b', '#eef1f3', '#b9bfc5') : '');

const WATER = '#8fc3dc';
const STONE = '#e6e1d8';
const STONE_LINE = '#cfc8bc';

/** Small variations no attribute states, and the parts read from the product's attributes. */
export interface DrawingParams extends DrawingParts {
  readonly variant: number;
}

type Drawing = (p: Palette, params: DrawingParams) => string;

const part = (name: string, markup: string): string => `<g data-part="${name}">${markup}</g>`;
const mounted = (mount: string, markup: string): string =>
  `<g data-mount="${escapeXml(mount)}">${markup}</g>`;

/** A stroke drawn twice, outline then sheen, as the metal pipes are. */
const pipe = (p: Palette, d: string, width: number): string =>
  `<path d="${d}" fill="none" stroke="${p.line}" stroke-width="${width + 4}" stroke-linecap="round"/><path d="${d}" fill="none" stroke="url(#${p.sheen})" stroke-width="${width}" stroke-linecap="round"/>`;

const lever = (p: Palette, x: number, y: number, dx: number, dy: number): string =>
  part('handle', pipe(p, `M${x} ${y}l${dx} ${dy}`, 10));

const WALL = `<rect x="30" y="40" width="24" height="320" fill="#e9e5de"/>`;

/** A faucet on the wall: plate, spout out of the wall, its handles on the plate. */
const wallFaucet = (p: Palette, handles: 1 | 2, waterTo: number): string =>
  mounted(
    'wall',
    `${WALL}<rect x="54" y="110" width="30" height="180" rx="8" fill="url(#${p.sheen})" stroke="${p.line}" stroke-width="2"/><path d="M318 238V${waterTo}" stroke="${WATER}" stroke-width="7" stroke-linecap="round" opacity=".6"/>${pipe(p, 'M84 200H300Q318 200 318 218V228', 20)}<rect x="305" y="226" width="26" height="10" rx="3" fill="${p.dark}"/>${
      handles === 1
        ? lever(p, 84, 150, 52, -22)
        : lever(p, 84, 140, 52, -22) + lever(p, 84, 262, 52, -22)
    }`,
  );

const faucet: Drawing = (p, { handles = 1, mount }) => {
  if (mount === 'wall') return wallFaucet(p, handles, 330);
  const wide = handles === 2;
  const handleMarkup = wide
    ? [116, 284]
        .map((x) =>
          part(
            'handle',
            `<rect x="${x - 20}" y="272" width="40" height="30" rx="6" fill="url(#${p.sheen})"/><path d="M${x - 16} 262h32M${x} 250v24" stroke="${p.dark}" stroke-width="10" stroke-linecap="round"/>`,
          ),
        )
        .join('')
    : part(
        'handle',
        `<path d="M200 176 L146 140" stroke="url(#${p.sheen})" stroke-width="14" stroke-linecap="round"/><circle cx="200" cy="178" r="20" fill="url(#${p.sheen})"/>`,
      );
  return mounted(
    'deck',
    `<ellipse cx="200" cy="318" rx="${wide ? 124 : 72}" ry="9" fill="#000" opacity=".08"/><rect x="${wide ? 90 : 146}" y="298" width="${wide ? 220 : 108}" height="16" rx="7" fill="url(#${p.sheen})" stroke="${p.line}" stroke-width="2"/><path d="M326 196V292" stroke="${WATER}" stroke-width="7" stroke-linecap="round" opacity=".6"/><rect x="174" y="190" width="52" height="110" rx="10" fill="url(#${p.sheen})" stroke="${p.line}" stroke-width="2"/>${pipe(p, 'M200 200C200 126 248 110 292 114C318 117 326 136 326 160V178', 23)}<rect x="313" y="178" width="26" height="11" rx="3" fill="${p.dark}"/>${handleMarkup}`,
  );
};

/** A pot filler: a two-jointed arm out of the wall, a valve handle at the wall and one at the spout. */
const potFiller = (p: Palette, handles: 1 | 2): string =>
  mounted(
    'wall',
    `${WALL}<rect x="40" y="322" width="320" height="14" rx="4" fill="${STONE}" stroke="${STONE_LINE}" stroke-width="2"/><rect x="54" y="96" width="26" height="60" rx="8" fill="url(#${p.sheen})" stroke="${p.line}" stroke-width="2"/><path d="M318 206V300" stroke="${WATER}" stroke-width="7" stroke-linecap="round" opacity=".6"/>${pipe(p, 'M80 126H190L300 150V196', 16)}<circle cx="190" cy="126" r="13" fill="url(#${p.sheen})" stroke="${p.line}" stroke-width="2"/><rect x="287" y="192" width="26" height="10" rx="3" fill="${p.dark}"/>${lever(p, 70, 96, 0, -40)}${
      handles === 2 ? lever(p, 300, 150, 40, -30) : ''
    }`,
  );

const kitchenFaucet: Drawing = (p, { variant: v, handles = 1, mount }) => {
  if (mount === 'wall') return potFiller(p, handles);
  const arc = `M170 206C170 ${v % 2 === 0 ? 70 : 90} 318 ${v % 2 === 0 ? 62 : 90} 318 150V180`;
  return mounted(
    'deck',
    `<rect x="40" y="322" width="320" height="14" rx="4" fill="${STONE}" stroke="${STONE_LINE}" stroke-width="2"/><ellipse cx="170" cy="322" rx="44" ry="8" fill="${p.dark}"/><path d="M318 250V316" stroke="${WATER}" stroke-width="8" stroke-linecap="round" opacity=".6"/><rect x="150" y="200" width="40" height="122" rx="10" fill="url(#${p.sheen})" stroke="${p.line}" stroke-width="2"/>${pipe(p, arc, 19)}<rect x="302" y="176" width="32" height="68" rx="12" fill="url(#${p.sheen})" stroke="${p.line}" stroke-width="2"/><rect x="306" y="236" width="24" height="6" rx="2" fill="${p.dark}"/>${lever(p, 190, 252, 54, -26)}${
      handles === 2 ? lever(p, 150, 252, -54, -26) : ''
    }`,
  );
};

/** A bathroom sink's support by its mount: a pedestal, the wall, or a counter. */
const basinSupport = (p: Palette, mount: string): string => {
  if (mount === 'pedestal') {
    return `<path d="M176 262L166 352H234L224 262Z" fill="${p.base}" stroke="${p.line}" stroke-width="2"/><ellipse cx="200" cy="354" rx="52" ry="8" fill="#000" opacity=".08"/>`;
  }
  if (mount === 'wall-mount') {
    return `${WALL}<path d="M54 236H110M54 262H120" stroke="#8d949b" stroke-width="8"/><path d="M200 284V330Q200 346 184 346H54" fill="none" stroke="url(#${p.chrome})" stroke-width="10"/>`;
  }
  return `<rect x="30" y="282" width="340" height="24" rx="4" fill="${STONE}" stroke="${STONE_LINE}" stroke-width="2"/><rect x="50" y="306" width="300" height="60" fill="#ece8e1"/>`;
};

const basin: Drawing = (p, { mount = 'undermount' }) => {
  const support = basinSupport(p, mount);
  return mounted(
    mount,
    `${support}<path d="M334 284V128C334 110 318 104 300 108L262 118" fill="none" stroke="url(#${p.chrome})" stroke-width="14" stroke-linecap="round"/><path d="M262 132V176" stroke="${WATER}" stroke-width="6" stroke-linecap="round" opacity=".6"/><path d="M84 196H316C312 258 266 284 200 284C134 284 88 258 84 196Z" fill="${p.base}" stroke="${p.line}" stroke-width="2.5"/><path d="M104 230C120 262 160 272 200 272" fill="none" stroke="${p.light}" stroke-width="6" stroke-linecap="round" opacity=".8"/><ellipse cx="200" cy="196" rx="116" ry="24" fill="${p.light}" stroke="${p.line}" stroke-width="2.5"/><ellipse cx="200" cy="200" rx="98" ry="16" fill="${p.dark}" opacity=".45"/><ellipse cx="200" cy="206" rx="8" ry="3" fill="${p.line}"/>`,
  );
};

const toilet: Drawing = (p) =>
  `<ellipse cx="200" cy="346" rx="96" ry="10" fill="#000" opacity=".08"/><rect x="170" y="168" width="60" height="40" fill="${p.base}" stroke="${p.line}" stroke-width="2"/><rect x="124" y="72" width="152" height="104" rx="12" fill="${p.base}" stroke="${p.line}" stroke-width="2.5"/><rect x="114" y="60" width="172" height="20" rx="8" fill="${p.light}" stroke="${p.line}" stroke-width="2.5"/><rect x="140" y="94" width="30" height="9" rx="4" fill="url(#${p.chrome})"/><path d="M104 222C108 272 140 294 168 300L160 340H240L232 300C260 294 292 272 296 222Z" fill="${p.base}" stroke="${p.line}" stroke-width="2.5"/><path d="M122 250C134 276 154 286 170 290" fill="none" stroke="${p.light}" stroke-width="6" stroke-linecap="round" opacity=".8"/><ellipse cx="200" cy="220" rx="102" ry="30" fill="${p.light}" stroke="${p.line}" stroke-width="2.5"/><ellipse cx="200" cy="222" rx="70" ry="17" fill="${p.dark}" opacity=".5"/>`;

const shower: Drawing = (p, { variant: v }) => {
  const streams = [-60, -40, -20, 0, 20, 40, 60]
    .map((dx, i) => `M${250 + dx} ${178 + (i % 2) * 6}l${dx / 3} 150`)
    .join('');
  return `<rect x="30" y="40" width="24" height="320" fill="#e9e5de"/><circle cx="56" cy="86" r="16" fill="url(#${p.sheen})" stroke="${p.line}" stroke-width="2"/><path d="M60 86H200Q236 86 242 124" fill="none" stroke="${p.line}" stroke-width="16" stroke-linecap="round"/><path d="M60 86H200Q236 86 242 124" fill="none" stroke="url(#${p.sheen})" stroke-width="12" stroke-linecap="round"/><path d="${streams}" stroke="${WATER}" stroke-width="4" stroke-dasharray="14 10" stroke-linecap="round" opacity=".75"/>${
    v % 2 === 0
      ? `<ellipse cx="250" cy="150" rx="92" ry="22" fill="url(#${p.sheen})" stroke="${p.line}" stroke-width="2.5"/><ellipse cx="250" cy="162" rx="84" ry="14" fill="${p.dark}"/>`
      : `<rect x="162" y="132" width="176" height="30" rx="6" fill="url(#${p.sheen})" stroke="${p.line}" stroke-width="2.5"/><rect x="170" y="158" width="160" height="10" rx="3" fill="${p.dark}"/>`
  }<rect x="234" y="118" width="32" height="18" rx="6" fill="url(#${p.sheen})"/>`;
};

const bathtub: Drawing = (p, { variant: v, mount = v % 2 === 0 ? 'freestanding' : 'alcove' }) =>
  mounted(
    mount,
    `<ellipse cx="200" cy="332" rx="150" ry="10" fill="#000" opacity=".08"/>${
      mount === 'freestanding'
        ? `<path d="M110 290l-10 36h24l10-30M290 290l10 36h-24l-10-30" fill="url(#${p.chrome})" stroke="#8d949b" stroke-width="2"/>`
        : `<rect x="92" y="292" width="216" height="32" rx="6" fill="${p.dark}"/>`
    }<path d="M44 136C70 136 84 164 116 164H290C318 164 330 128 356 128C356 232 318 298 256 302H144C82 298 44 232 44 136Z" fill="${p.base}" stroke="${p.line}" stroke-width="2.5"/><path d="M44 136C70 136 84 164 116 164H290C318 164 330 128 356 128" fill="none" stroke="${p.light}" stroke-width="8" stroke-linecap="round"/><path d="M78 200C96 262 130 282 170 286" fill="none" stroke="${p.light}" stroke-width="7" stroke-linecap="round" opacity=".8"/><path d="M360 330V118Q360 96 338 98L318 100" fill="none" stroke="url(#${p.chrome})" stroke-width="12" stroke-linecap="round"/>`,
  );

/** A vanity's sink in the counter with its faucet, centred at x. */
const vanitySink = (p: Palette, x: number, rx: number): string =>
  part(
    'bowl',
    `<path d="M${x} 124V96Q${x} 84 ${x + 14} 84H${x + 32}" fill="none" stroke="url(#${p.chrome})" stroke-width="10" stroke-linecap="round"/><ellipse cx="${x}" cy="172" rx="${rx}" ry="7" fill="#cfc8bc"/><rect x="${x - 14}" y="120" width="28" height="52" rx="6" fill="url(#${p.chrome})"/>`,
  );

const vanity: Drawing = (p, { variant: v, bowls = 1 }) => {
  const doors =
    v % 2 === 0
      ? `<rect x="94" y="232" width="100" height="86" rx="3" fill="none" stroke="${p.detail}" stroke-width="2"/><rect x="206" y="232" width="100" height="86" rx="3" fill="none" stroke="${p.detail}" stroke-width="2"/><rect x="180" y="262" width="6" height="26" rx="3" fill="url(#${p.chrome})"/><rect x="214" y="262" width="6" height="26" rx="3" fill="url(#${p.chrome})"/>`
      : `<rect x="94" y="232" width="212" height="40" rx="3" fill="none" stroke="${p.detail}" stroke-width="2"/><rect x="94" y="278" width="212" height="40" rx="3" fill="none" stroke="${p.detail}" stroke-width="2"/><rect x="180" y="250" width="40" height="6" rx="3" fill="url(#${p.chrome})"/><rect x="180" y="296" width="40" height="6" rx="3" fill="url(#${p.chrome})"/>`;
  const sinks =
    bowls >= 2 ? vanitySink(p, 135, 44) + vanitySink(p, 265, 44) : vanitySink(p, 200, 60);
  return `<ellipse cx="200" cy="346" rx="130" ry="9" fill="#000" opacity=".08"/><rect x="70" y="170" width="260" height="18" rx="3" fill="${STONE}" stroke="${STONE_LINE}" stroke-width="2"/>${sinks}<rect x="80" y="188" width="240" height="144" fill="${p.base}" stroke="${p.line}" stroke-width="2.5"/><rect x="94" y="198" width="212" height="24" rx="3" fill="none" stroke="${p.detail}" stroke-width="2"/><rect x="180" y="207" width="40" height="6" rx="3" fill="url(#${p.chrome})"/>${doors}<rect x="86" y="332" width="12" height="14" fill="${p.dark}"/><rect x="302" y="332" width="12" height="14" fill="${p.dark}"/>`;
};

const mirror: Drawing = (p, { variant: v }) => {
  const shapes = [
    'M120 330V140A80 80 0 0 1 280 140V330Z',
    'M200 50A140 140 0 1 1 199.9 50Z',
    'M110 60H290V330H110Z',
  ];
  const d = shapes[v % shapes.length] ?? shapes[0];
  return `<defs><linearGradient id="${p.sheen}m" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="#eef4f6"/><stop offset="1" stop-color="#cfdde3"/></linearGradient></defs><ellipse cx="200" cy="362" rx="100" ry="8" fill="#000" opacity=".06"/><path d="${d}" fill="url(#${p.sheen}m)" stroke="${p.line}" stroke-width="16" stroke-linejoin="round"/><path d="${d}" fill="none" stroke="url(#${p.sheen})" stroke-width="11" stroke-linejoin="round"/><path d="M150 170L210 110M150 220L250 120M236 290L276 250" stroke="#fff" stroke-width="8" stroke-linecap="round" opacity=".8"/>`;
};

const towelBar: Drawing = (p) =>
  `<rect x="60" y="132" width="280" height="14" rx="7" fill="url(#${p.sheen})" stroke="${p.line}" stroke-width="2"/><path d="M128 146H272V306Q254 298 236 306Q218 298 200 306Q182 298 164 306Q146 298 128 306Z" fill="#e9e2d6" stroke="#cdc2b0" stroke-width="2"/><path d="M128 146H272V172H128Z" fill="#ddd4c5"/><path d="M140 260H260M140 272H260" stroke="#d4c8b4" stroke-width="3"/><rect x="40" y="118" width="28" height="42" rx="8" fill="url(#${p.sheen})" stroke="${p.line}" stroke-width="2"/><rect x="332" y="118" width="28" height="42" rx="8" fill="url(#${p.sheen})" stroke="${p.line}" stroke-width="2"/>`;

const kitchenSink: Drawing = (p, { bowls: count = 1 }) => {
  const bowl = (x: number, w: number): string =>
    part(
      'bowl',
      `<rect x="${x}" y="150" width="${w}" height="140" rx="12" fill="${p.dark}" opacity=".55"/><rect x="${x + 6}" y="156" width="${w - 12}" height="128" rx="10" fill="${p.base}" opacity=".6"/><circle cx="${x + w / 2}" cy="262" r="11" fill="url(#${p.chrome})" stroke="${p.line}" stroke-width="2"/>`,
    );
  const n = Math.min(3, Math.max(1, Math.round(count)));
  const GAP = 12;
  const width = (228 - GAP * (n - 1)) / n;
  const bowls = Array.from({ length: n }, (_, i) => bowl(86 + i * (width + GAP), width)).join('');
  return `<rect x="26" y="96" width="348" height="240" rx="6" fill="${STONE}" stroke="${STONE_LINE}" stroke-width="2"/><rect x="70" y="134" width="260" height="172" rx="16" fill="${p.base}" stroke="${p.line}" stroke-width="3"/>${bowls}<circle cx="200" cy="116" r="13" fill="url(#${p.chrome})" stroke="#8d949b" stroke-width="2"/><path d="M200 116V196" stroke="url(#${p.chrome})" stroke-width="12" stroke-linecap="round"/>`;
};

const dispenser: Drawing = (p) =>
  `<rect x="40" y="292" width="320" height="16" rx="4" fill="${STONE}" stroke="${STONE_LINE}" stroke-width="2"/><rect x="174" y="308" width="52" height="56" rx="8" fill="#fff" stroke="${STONE_LINE}" stroke-width="2" stroke-dasharray="6 5"/><ellipse cx="200" cy="292" rx="36" ry="7" fill="url(#${p.sheen})" stroke="${p.line}" stroke-width="2"/><rect x="184" y="196" width="32" height="96" rx="8" fill="url(#${p.sheen})" stroke="${p.line}" stroke-width="2"/><rect x="172" y="168" width="56" height="32" rx="10" fill="url(#${p.sheen})" stroke="${p.line}" stroke-width="2"/><path d="M226 182H268Q282 182 282 198" fill="none" stroke="${p.line}" stroke-width="13" stroke-linecap="round"/><path d="M226 182H268Q282 182 282 198" fill="none" stroke="url(#${p.sheen})" stroke-width="9" stroke-linecap="round"/>`;

const cartridge: Drawing = (p) =>
  `<ellipse cx="200" cy="342" rx="80" ry="9" fill="#000" opacity=".08"/><rect x="184" y="58" width="32" height="70" rx="3" fill="url(#${p.sheen})" stroke="${p.line}" stroke-width="2"/><path d="M190 62V124M197 62V124M203 62V124M210 62V124" stroke="${p.dark}" stroke-width="2.5"/><path d="M146 128H254L262 146V172L254 190H146L138 172V146Z" fill="url(#${p.sheen})" stroke="${p.line}" stroke-width="2.5"/><path d="M172 128V190M228 128V190" stroke="${p.dark}" stroke-width="2"/><rect x="156" y="190" width="88" height="120" fill="url(#${p.sheen})" stroke="${p.line}" stroke-width="2.5"/><rect x="150" y="206" width="100" height="10" rx="5" fill="#2f3337"/><rect x="172" y="232" width="18" height="48" rx="9" fill="${p.dark}"/><rect x="210" y="232" width="18" height="48" rx="9" fill="${p.dark}"/><rect x="150" y="290" width="100" height="10" rx="5" fill="#2f3337"/><path d="M166 310H234L228 334H172Z" fill="${p.dark}" stroke="${p.line}" stroke-width="2"/>`;

const pencilRuler: Drawing = (p) =>
  `<rect x="56" y="60" width="288" height="288" rx="6" fill="#fff" stroke="#d9d4cb" stroke-width="2"/><path d="M86 96H210V170M250 96H314V318H86V96M86 220H170M210 318V250" fill="none" stroke="#9aa4ab" stroke-width="6"/><g transform="rotate(-30 200 250)"><rect x="80" y="232" width="240" height="38" rx="3" fill="#e2c48f" stroke="#b99a62" stroke-width="2"/><path d="M100 232v14M120 232v9M140 232v14M160 232v9M180 232v14M200 232v9M220 232v14M240 232v9M260 232v14M280 232v9M300 232v14" stroke="#8a6f40" stroke-width="2"/></g><g transform="rotate(40 230 170)"><rect x="130" y="156" width="170" height="26" fill="url(#${p.sheen})" stroke="${p.line}" stroke-width="2"/><path d="M300 156L340 169L300 182Z" fill="#efd9b4" stroke="${p.line}" stroke-width="2"/><path d="M328 165L340 169L328 173Z" fill="#333"/><rect x="112" y="156" width="20" height="26" fill="#d98a8a"/></g>`;

const wrench: Drawing = (p) =>
  `<path d="M40 300H300" stroke="#c8875a" stroke-width="26"/><rect x="292" y="276" width="30" height="48" rx="4" fill="#b07348"/><g transform="rotate(-45 200 200)"><rect x="70" y="184" width="220" height="32" rx="16" fill="url(#${p.sheen})" stroke="${p.line}" stroke-width="2.5"/><path d="M286 170H350V190H320V210H350V230H286Z" fill="url(#${p.sheen})" stroke="${p.line}" stroke-width="2.5"/><circle cx="78" cy="200" r="34" fill="url(#${p.sheen})" stroke="${p.line}" stroke-width="2.5"/><circle cx="78" cy="200" r="14" fill="#f3f2ef" stroke="${p.line}" stroke-width="2"/><path d="M110 200H250" stroke="${p.light}" stroke-width="6" stroke-linecap="round"/></g>`;

const DRAWINGS: Readonly<Record<string, Drawing>> = {
  'bathroom-faucets': faucet,
  'kitchen-faucets': kitchenFaucet,
  'bathroom-sinks': basin,
  toilets: toilet,
  showers: shower,
  bathtubs: bathtub,
  vanities: vanity,
  'mirrors-cabinets': mirror,
  'bathroom-accessories': towelBar,
  'kitchen-sinks': kitchenSink,
  'kitchen-accessories': dispenser,
  'service-parts': cartridge,
  'design-services': pencilRuler,
  'install-services': wrench,
};

/** The drawing's markup without the svg element, for composing scenes (0 0 400 400 space). */
export const productDrawing = (
  categorySlug: string,
  p: Palette,
  variant: number,
  parts: DrawingParts = {},
): string =>
  (DRAWINGS[categorySlug] ?? cartridge)(p, {
    ...parts,
    variant: Number.isFinite(variant) ? Math.abs(Math.trunc(variant)) : 0,
  });

export const BACKGROUND = '#f3f2ef';

export const renderProductSvg = (input: ProductSvgInput): string => {
  const p = palette(input.finishHex);
  const title = escapeXml(`${input.title}, ${input.finishName}`);
  return `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 400 400" width="400" height="400" role="img"><title>${title}</title><defs>${paletteDefs(p)}</defs><rect width="400" height="400" fill="${BACKGROUND}"/>${productDrawing(input.categorySlug, p, input.seed, input.parts)}</svg>`;
};

/**
 * Drawings for content pages ('/images/content/{name}.svg'): calm room scenes composed from the
 * product drawings and a few pieces of decor. Light (under 3 KB each) and deterministic.
 */
import { escapeXml, palette, paletteDefs, productDrawing, type DrawingParts } from './render';

const BRASS = '#b9975b';
const BLACK = '#2b2b2b';
const CHROME = '#c7ccd1';
const NICKEL = '#aaa397';
const BRONZE = '#4b3527';
const WHITE = '#f7f7f4';
const GREY = '#c9d0d4';
const BISCUIT = '#ece1cb';
const GREEN = '#7f9c86';

interface Scene {
  readonly width: number;
  readonly height: number;
  readonly title: string;
  /** Markup and the gradient definitions it needs. */
  readonly body: (defs: string[]) => string;
}

/** A product drawing placed in a scene: its 400 × 400 box at (x, y), scaled. */
const product = (
  defs: string[],
  slug: string,
  hex: string,
  x: number,
  y: number,
  scale: number,
  variant = 0,
  parts: DrawingParts = {},
): string => {
  const p = palette(hex, `p${defs.length}`, 'c');
  // The first product defines the shared chrome gradient 'c'.
  defs.push(paletteDefs(p, defs.length === 0));
  return `<g transform="translate(${x} ${y}) scale(${scale})">${productDrawing(slug, p, variant, parts)}</g>`;
};

const room = (
  width: number,
  height: number,
  wall: string,
  floor: string,
  floorAt: number,
): string =>
  `<rect width="${width}" height="${height}" fill="${wall}"/><rect y="${floorAt}" width="${width}" height="${height - floorAt}" fill="${floor}"/>`;

const windowPane = (x: number, y: number, w: number, h: number): string =>
  `<rect x="${x}" y="${y}" width="${w}" height="${h}" fill="#e4eef2" stroke="#fff" stroke-width="12"/><path d="M${x + w / 2} ${y}V${y + h}M${x} ${y + h / 2}H${x + w}" stroke="#fff" stroke-width="8"/>`;

const plant = (x: number, y: number, s = 1): string =>
  `<g transform="translate(${x} ${y}) scale(${s})"><path d="M0 0Q-40-70-10-130M0 0Q30-80 70-110M0 0Q-10-90 20-160M0 0Q-70-40-80-90" fill="none" stroke="${GREEN}" stroke-width="14" stroke-linecap="round"/><path d="M-30 0H30L22 60H-22Z" fill="#d8cfc2"/></g>`;

const pendant = (x: number, color: string, drop: number): string =>
  `<path d="M${x} 0V${drop}" stroke="#555" stroke-width="3"/><path d="M${x - 40} ${drop + 40}Q${x - 40} ${drop} ${x} ${drop}Q${x + 40} ${drop} ${x + 40} ${drop + 40}Z" fill="${color}"/><ellipse cx="${x}" cy="${drop + 44}" rx="26" ry="6" fill="#fff3d6"/>`;

const tiles = (id: string, x: number, y: number, w: number, h: number, color: string): string =>
  `<defs><pattern id="${id}" width="60" height="30" patternUnits="userSpaceOnUse"><rect width="60" height="30" fill="${color}"/><path d="M0 0H60M0 0V30" stroke="#fff" stroke-width="3"/></pattern></defs><rect x="${x}" y="${y}" width="${w}" height="${h}" fill="url(#${id})"/>`;

/** A run of cabinet doors: one body, the door gaps and the pulls as single paths. */
const cabinets = (
  x: number,
  y: number,
  count: number,
  w: number,
  h: number,
  color: string,
): string => {
  const gaps = Array.from({ length: count - 1 }, (_, i) => `M${x + (i + 1) * w} ${y}v${h}`).join(
    '',
  );
  const pulls = Array.from(
    { length: count },
    (_, i) => `M${x + i * w + w / 2 - 15} ${y + 19}h30`,
  ).join('');
  return `<rect x="${x}" y="${y}" width="${w * count}" height="${h}" rx="3" fill="${color}" stroke="#00000022" stroke-width="2"/><path d="${gaps}" stroke="#00000030" stroke-width="4"/><path d="${pulls}" stroke="${BRASS}" stroke-width="6" stroke-linecap="round"/>`;
};

const swatches = (x: number, y: number, r: number, gap: number): string =>
  [CHROME, NICKEL, BLACK, BRASS, '#85878a', BRONZE]
    .map(
      (c, i) =>
        `<circle cx="${x + i * gap}" cy="${y}" r="${r}" fill="${c}" stroke="#00000026" stroke-width="2"/>`,
    )
    .join('');

const brochure = (x: number, y: number, color: string, angle: number): string =>
  `<g transform="rotate(${angle} ${x + 90} ${y + 120})"><rect x="${x}" y="${y}" width="180" height="240" rx="4" fill="#fff" stroke="#d9d4cb" stroke-width="2"/><rect x="${x + 16}" y="${y + 16}" width="148" height="110" fill="${color}"/><path d="M${x + 16} ${y + 150}H${x + 150}M${x + 16} ${y + 170}H${x + 130}M${x + 16} ${y + 190}H${x + 140}" stroke="#c9c3b8" stroke-width="6"/></g>`;

const SCENES: Readonly<Record<string, Scene>> = {
  'home-hero': {
    width: 1200,
    height: 600,
    title: 'A calm bathroom with a freestanding tub below a tall window',
    body: (d) =>
      `${room(1200, 600, '#ebe5dc', '#d8cdbd', 470)}${windowPane(420, 70, 360, 300)}${plant(1010, 470, 1.3)}${product(d, 'bathtubs', WHITE, 330, 150, 1.35, 0, { mount: 'freestanding' })}${product(d, 'bathroom-accessories', BRASS, 60, 120, 0.7)}`,
  },
  'bathroom-hero': {
    width: 1200,
    height: 600,
    title: 'A gray vanity with a round brass mirror',
    body: (d) =>
      `${room(1200, 600, '#e9e7e2', '#cfc9bf', 500)}<path d="M0 300H1200" stroke="#dcd8d0" stroke-width="4"/>${product(d, 'mirrors-cabinets', BRASS, 470, 20, 0.65, 1)}${product(d, 'vanities', GREY, 420, 200, 0.95)}${plant(1000, 500)}`,
  },
  'kitchen-hero': {
    width: 1200,
    height: 600,
    title: 'A bright kitchen with a black pull-down faucet and pendant lights',
    body: (d) =>
      `${room(1200, 600, '#eeebe6', '#d9d0c4', 520)}${pendant(420, BLACK, 60)}${pendant(780, BLACK, 60)}${cabinets(60, 400, 7, 155, 120, '#dfe6e2')}<rect x="40" y="380" width="1120" height="24" fill="${'#e6e1d8'}"/>${product(d, 'kitchen-faucets', BLACK, 450, 106, 0.85, 0, { handles: 1, mount: 'deck' })}`,
  },
  'service-parts-hero': {
    width: 1200,
    height: 600,
    title: 'A faucet cartridge and a wrench on a workbench',
    body: (d) =>
      `${room(1200, 600, '#e8eaeb', '#c9b79c', 430)}${product(d, 'service-parts', BRASS, 300, 60, 0.95)}${product(d, 'install-services', CHROME, 620, 100, 0.9)}`,
  },
  'design-services-hero': {
    width: 1200,
    height: 600,
    title: 'A floor plan with a pencil, a ruler and finish samples',
    body: (d) =>
      `${room(1200, 600, '#e9e4dc', '#e9e4dc', 600)}${product(d, 'design-services', '#2f6f7a', 180, 60, 1.2)}${swatches(700, 300, 34, 84)}`,
  },
  'install-services-hero': {
    width: 1200,
    height: 600,
    title: 'A new toilet installed beside a plumber’s wrench',
    body: (d) =>
      `${room(1200, 600, '#e6ebea', '#d4cbbf', 480)}${tiles('t', 0, 0, 1200, 200, '#dce4e3')}${product(d, 'toilets', WHITE, 330, 110, 0.95)}${product(d, 'install-services', NICKEL, 700, 200, 0.7)}`,
  },
  'teaser-bathroom': {
    width: 600,
    height: 400,
    title: 'A white toilet and a towel bar',
    body: (d) =>
      `${room(600, 400, '#ebe7e1', '#d6cdc0', 330)}${product(d, 'toilets', WHITE, 40, 60, 0.7)}${product(d, 'bathroom-accessories', NICKEL, 320, 30, 0.6)}`,
  },
  'teaser-kitchen': {
    width: 600,
    height: 400,
    title: 'A double-bowl kitchen sink from above',
    body: (d) =>
      `${room(600, 400, '#efece7', '#efece7', 400)}${product(d, 'kitchen-sinks', '#b4b9be', 100, 0, 1, 0, { bowls: 2 })}`,
  },
  'teaser-showers': {
    width: 600,
    height: 400,
    title: 'A rain showerhead',
    body: (d) =>
      `${room(600, 400, '#e3e9ea', '#e3e9ea', 400)}${tiles('t', 0, 0, 600, 400, '#dbe3e4')}${product(d, 'showers', CHROME, 100, 0, 1)}`,
  },
  'teaser-faucets': {
    width: 600,
    height: 400,
    title: 'A brushed brass bathroom faucet',
    body: (d) =>
      `${room(600, 400, '#eee9e1', '#eee9e1', 400)}${product(d, 'bathroom-faucets', BRASS, 100, 0, 1, 0, { handles: 1, mount: 'deck' })}`,
  },
  'finish-swatches': {
    width: 600,
    height: 400,
    title: 'Six metal finishes side by side',
    body: () => `${room(600, 400, '#f1efeb', '#f1efeb', 400)}${swatches(100, 200, 36, 80)}`,
  },
  'look-matte-black': {
    width: 600,
    height: 400,
    title: 'A white vessel sink with a matte black faucet on a dark wall',
    body: (d) =>
      `${room(600, 400, '#3a3d40', '#2d2f31', 330)}${product(d, 'bathroom-sinks', WHITE, 130, 40, 0.85, 0, { mount: 'vessel' })}${product(d, 'bathroom-faucets', BLACK, 380, 120, 0.5, 0, { handles: 1, mount: 'deck' })}`,
  },
  'look-brushed-brass': {
    width: 600,
    height: 400,
    title: 'A brass framed mirror above a white vanity',
    body: (d) =>
      `${room(600, 400, '#e8dfd3', '#d3c5b2', 350)}${product(d, 'mirrors-cabinets', BRASS, 200, 0, 0.5)}${product(d, 'vanities', WHITE, 160, 130, 0.7, 1)}`,
  },
  'look-spa-white': {
    width: 600,
    height: 400,
    title: 'A white freestanding tub with a plant',
    body: (d) =>
      `${room(600, 400, '#eef0ee', '#dcd6cc', 330)}${product(d, 'bathtubs', WHITE, 60, 20, 0.85, 0, { mount: 'freestanding' })}${plant(520, 330, 0.9)}`,
  },
  'look-farmhouse': {
    width: 600,
    height: 400,
    title: 'A bronze kitchen faucet over a biscuit sink',
    body: (d) =>
      `${room(600, 400, '#ece4d7', '#ece4d7', 400)}${product(d, 'kitchen-sinks', BISCUIT, 0, 40, 0.8, 1, { bowls: 1 })}${product(d, 'kitchen-faucets', BRONZE, 300, 20, 0.85, 1, { handles: 2, mount: 'deck' })}`,
  },
  literature: {
    width: 600,
    height: 400,
    title: 'Brochures and catalogues fanned out',
    body: () =>
      `${room(600, 400, '#efece7', '#efece7', 400)}${brochure(120, 80, '#cfdde3', -8)}${brochure(210, 70, '#e2d2b3', 2)}${brochure(300, 80, '#c9d4c7', 10)}`,
  },
  press: {
    width: 600,
    height: 400,
    title: 'Magazine pages featuring a bathroom faucet',
    body: (d) =>
      `${room(600, 400, '#ece9e4', '#ece9e4', 400)}${brochure(90, 70, '#dfe4e4', -4)}${product(d, 'bathroom-faucets', CHROME, 330, 80, 0.6)}`,
  },
  newsletter: {
    width: 600,
    height: 400,
    title: 'An envelope with finish samples',
    body: () =>
      `${room(600, 400, '#eef0ee', '#eef0ee', 400)}<rect x="150" y="110" width="300" height="190" rx="8" fill="#fff" stroke="#cfc8bc" stroke-width="3"/><path d="M150 118L300 220L450 118" fill="none" stroke="#cfc8bc" stroke-width="3"/>${swatches(200, 330, 16, 40)}`,
  },
  'support-help': {
    width: 600,
    height: 400,
    title: 'A speech bubble with a question mark',
    body: () =>
      `${room(600, 400, '#e6eeef', '#e6eeef', 400)}<path d="M170 90H430Q460 90 460 120V250Q460 280 430 280H280L220 330V280H170Q140 280 140 250V120Q140 90 170 90Z" fill="#fff" stroke="#2f6f7a" stroke-width="6"/><path d="M262 160Q262 126 300 126Q338 126 338 158Q338 180 312 190Q300 196 300 214" fill="none" stroke="#2f6f7a" stroke-width="14" stroke-linecap="round"/><circle cx="300" cy="244" r="9" fill="#2f6f7a"/>`,
  },
  'model-number': {
    width: 600,
    height: 400,
    title: 'Where the model number label sits inside a toilet tank',
    body: (d) =>
      `${room(600, 400, '#eceae6', '#eceae6', 400)}${product(d, 'toilets', WHITE, 100, 0, 1)}<rect x="250" y="96" width="100" height="40" rx="4" fill="#fff" stroke="#2f6f7a" stroke-width="4"/><path d="M264 108H336M264 122H316" stroke="#2f6f7a" stroke-width="4"/>`,
  },
  'contact-showroom': {
    width: 600,
    height: 400,
    title: 'A showroom front with an awning',
    body: () =>
      `${room(600, 400, '#eef0ee', '#d6d0c6', 340)}<rect x="110" y="110" width="380" height="230" fill="#f7f5f1" stroke="#cfc8bc" stroke-width="3"/><path d="M100 110H500L480 160H120Z" fill="#2f6f7a"/><rect x="150" y="190" width="140" height="150" fill="#dfe9ec" stroke="#cfc8bc" stroke-width="3"/><rect x="330" y="190" width="120" height="100" fill="#dfe9ec" stroke="#cfc8bc" stroke-width="3"/>${plant(120, 340, 0.5)}${plant(480, 340, 0.5)}`,
  },
};

/** Every content image name, for tests and the server's route. */
export const CONTENT_IMAGE_NAMES: readonly string[] = Object.keys(SCENES);

/** The SVG of a content image by name (without '.svg'), or null for an unknown name. */
export const contentImageSvg = (name: string): string | null => {
  if (!Object.prototype.hasOwnProperty.call(SCENES, name)) return null;
  const scene = SCENES[name];
  if (scene === undefined) return null;
  const defs: string[] = [];
  const body = scene.body(defs);
  return `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 ${scene.width} ${scene.height}" width="${scene.width}" height="${scene.height}" role="img"><title>${escapeXml(scene.title)}</title>${defs.length > 0 ? `<defs>${defs.join('')}</defs>` : ''}${body}</svg>`;
};

/** The width and height a content model declares for an image. */
export const contentImageSize = (name: string): { width: number; height: number } | null => {
  const scene = Object.prototype.hasOwnProperty.call(SCENES, name) ? SCENES[name] : undefined;
  return scene === undefined ? null : { width: scene.width, height: scene.height };
};

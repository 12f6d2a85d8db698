/**
 * Whole pictures as SVG: a product photo (a piece on a soft backdrop with a
 * shadow and glints), a category tile, a slider banner, a reviewer's portrait
 * and the frames of the two reels.
 */
import { createRandom } from '../random.ts';
import { f, f2, paintDefs, type Point, sparkle } from './paint.ts';
import { drawEarring, drawPiece, EARRING_X, type Piece, type PieceDesign } from './pieces.ts';

export type Backdrop =
  | 'ivory' | 'blush' | 'champagne' | 'mist' | 'sage'
  | 'maroon' | 'emerald' | 'navy' | 'plum' | 'charcoal';

/** Backdrops a main product photo may use: light, so a grid of products reads as one shop. */
export const LIGHT_BACKDROPS: readonly Backdrop[] = ['ivory', 'blush', 'champagne', 'mist', 'sage'];
/** Velvet backdrops for the second photo, as a jeweller's display tray. */
export const VELVET_BACKDROPS: readonly Backdrop[] = ['maroon', 'emerald', 'navy', 'plum', 'charcoal'];

const BACKDROPS: Record<Backdrop, { centre: string; edge: string; dark: boolean }> = {
  ivory: { centre: '#fffaf1', edge: '#e8d9c0', dark: false },
  blush: { centre: '#fff4f1', edge: '#e9cbc2', dark: false },
  champagne: { centre: '#fdf3e1', edge: '#dcc39a', dark: false },
  mist: { centre: '#fafafa', edge: '#d3d4d8', dark: false },
  sage: { centre: '#f6f8f1', edge: '#ccd6c0', dark: false },
  maroon: { centre: '#84203a', edge: '#2a0510', dark: true },
  emerald: { centre: '#1f6149', edge: '#041a13', dark: true },
  navy: { centre: '#2a4479', edge: '#060d22', dark: true },
  plum: { centre: '#66294f', edge: '#1c0616', dark: true },
  charcoal: { centre: '#55555b', edge: '#121214', dark: true },
};

function backdropDefs(backdrop: Backdrop): string {
  const b = BACKDROPS[backdrop];
  return (
    `<radialGradient id="backdrop" cx=".5" cy=".42" r=".78"><stop offset="0" stop-color="${b.centre}"/>` +
    `<stop offset=".55" stop-color="${b.centre}" stop-opacity=".92"/><stop offset="1" stop-color="${b.edge}"/></radialGradient>` +
    `<radialGradient id="sheen"><stop offset="0" stop-color="#fff" stop-opacity="${b.dark ? 0.09 : 0.45}"/><stop offset="1" stop-color="#fff" stop-opacity="0"/></radialGradient>`
  );
}

/**
 * A picture in three layers that media.ts composes: the backdrop (shared by
 * many pictures, so rendered once), the artwork on a transparent canvas, and
 * the artwork's silhouette, from which a soft shadow is made. Blurring the
 * silhouette at a quarter of the size costs a few milliseconds; an SVG blur
 * filter at full size costs more than the rest of the picture.
 */
export interface LayeredScene {
  width: number;
  height: number;
  backdrop: string;
  artwork: string;
  /** The shadow-casting part of the artwork (no glints, no frame). */
  silhouette: string;
  shadow: { dx: number; dy: number; opacity: number };
}

function svgDocument(width: number, height: number, viewBox: string, defs: string, body: string): string {
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="${viewBox}"><defs>${defs}</defs>${body}</svg>`;
}

function shadowFor(backdrop: Backdrop, size: number): LayeredScene['shadow'] {
  const dark = BACKDROPS[backdrop].dark;
  return { dx: Math.round(size * 0.01), dy: Math.round(size * (dark ? 0.016 : 0.022)), opacity: dark ? 0.6 : 0.34 };
}

/** Out-of-focus specks of light and a soft window reflection: what makes a flat backdrop look photographed. */
function bokeh(width: number, height: number, dark: boolean, seed: number, count = 8): string {
  const rng = createRandom(seed);
  let svg = `<ellipse cx="${f(width * 0.25)}" cy="${f(height * 0.14)}" rx="${f(width * 0.55)}" ry="${f(height * 0.32)}" fill="url(#sheen)"/>`;
  for (let i = 0; i < count; i++) {
    const r = rng.between(width * 0.015, width * 0.055);
    const colour = dark ? '#ffe7b0' : '#f2cf86';
    svg += `<circle cx="${f(rng.between(0, width))}" cy="${f(rng.between(0, height))}" r="${f(r)}" fill="${colour}" fill-opacity="${f2(rng.between(dark ? 0.04 : 0.05, dark ? 0.1 : 0.13))}"/>`;
  }
  return svg;
}

function glintsFor(piece: Piece, seed: number, scale: number): string {
  const rng = createRandom(seed * 7 + 3);
  let svg = '';
  for (const g of piece.glints.slice(0, 3)) {
    svg += sparkle(g.x + rng.between(-6, 6), g.y + rng.between(-6, 6), rng.between(22, 38) / scale, rng.between(0.75, 1));
  }
  return svg;
}

export interface ProductSceneOptions {
  design: PieceDesign;
  backdrop: Backdrop;
  /** Degrees the piece is turned, for variety between products. */
  rotation: number;
  /** 1 shows the whole piece; above 1 is a close-up on its focus point. */
  zoom: number;
  seed: number;
  /** Output width and height in pixels. */
  size: number;
}

/** How much of the frame each kind fills: a ring is small and wants to be shown larger than a necklace. */
const FILL: Record<PieceDesign['kind'], number> = {
  ring: 1.12, earrings: 1.08, necklace: 1.02, bangle: 1.0, pendant: 1.0,
  chain: 1.0, mangalsutra: 1.0, nosepin: 1.0, bracelet: 1.02,
};

/** A square product photo. */
export function productScene(o: ProductSceneOptions): LayeredScene {
  const piece = drawPiece(o.design);
  const dark = BACKDROPS[o.backdrop].dark;
  const transform =
    o.zoom <= 1
      ? `translate(500 500) rotate(${f(o.rotation)}) scale(${FILL[o.design.kind]}) translate(-500 -500)`
      : `translate(500 500) scale(${f(o.zoom)}) rotate(${f(o.rotation)}) translate(${f(-piece.focus.x)} ${f(-piece.focus.y)})`;
  const defs = paintDefs();
  const viewBox = '0 0 1000 1000';
  return {
    width: o.size,
    height: o.size,
    // Three bokeh patterns per backdrop: enough variety, and each backdrop is rendered only three times.
    backdrop: svgDocument(o.size, o.size, viewBox, backdropDefs(o.backdrop), `<rect width="1000" height="1000" fill="url(#backdrop)"/>${bokeh(1000, 1000, dark, o.seed % 3)}`),
    artwork: svgDocument(o.size, o.size, viewBox, defs, `<g transform="${transform}">${piece.svg}${glintsFor(piece, o.seed, o.zoom)}</g>`),
    silhouette: svgDocument(o.size, o.size, viewBox, defs, `<g transform="${transform}">${piece.svg}</g>`),
    shadow: shadowFor(o.backdrop, o.size),
  };
}

/** A square category tile: the category's signature piece with a fine gold frame. */
export function categoryTile(design: PieceDesign, backdrop: Backdrop, seed: number, size = 800): LayeredScene {
  const scene = productScene({ design, backdrop, rotation: 0, zoom: 1, seed, size });
  const frame = '<rect x="28" y="28" width="944" height="944" rx="18" fill="none" stroke="#c9a44c" stroke-opacity=".55" stroke-width="3"/>';
  return { ...scene, artwork: scene.artwork.replace('</svg>', `${frame}</svg>`) };
}

// ---------------------------------------------------------------- banners

export interface PlacedPiece {
  design: PieceDesign;
  /** Where the piece's centre goes, in banner pixels. */
  at: Point;
  scale: number;
  rotation?: number;
}

export interface BannerDesign {
  backdrop: Backdrop;
  pieces: PlacedPiece[];
  eyebrow: string;
  headline: string;
  subline: string;
  /** Colour of the headline. */
  ink: string;
}

export const BANNER_WIDTH = 1600;
export const BANNER_HEIGHT = 640;

/** The home page slider: four collections, each with its pieces on the right and words on the left. */
export const BANNERS: readonly BannerDesign[] = [
  {
    backdrop: 'maroon',
    eyebrow: 'THE FESTIVE EDIT',
    headline: 'Gold for every celebration',
    subline: 'Handcrafted 22K temple jewellery, BIS hallmarked',
    ink: '#f3d58b',
    pieces: [
      { design: { kind: 'necklace', style: 'temple', metal: 'yellow', gem: 'ruby', accent: 'emerald' }, at: { x: 1090, y: 290 }, scale: 0.62 },
      { design: { kind: 'earrings', style: 'jhumka', metal: 'yellow', gem: 'ruby', accent: 'pearl' }, at: { x: 1450, y: 330 }, scale: 0.38 },
    ],
  },
  {
    backdrop: 'navy',
    eyebrow: 'EVERYDAY DIAMONDS',
    headline: 'Light to wear, made to last',
    subline: '18K white and rose gold set with certified diamonds',
    ink: '#f4f1ea',
    pieces: [
      { design: { kind: 'ring', style: 'solitaire', metal: 'white', gem: 'diamond' }, at: { x: 1150, y: 350 }, scale: 0.5, rotation: -8 },
      { design: { kind: 'pendant', style: 'drop', metal: 'rose', gem: 'diamond' }, at: { x: 1410, y: 300 }, scale: 0.6 },
    ],
  },
  {
    backdrop: 'ivory',
    eyebrow: 'BRIDAL HEIRLOOMS',
    headline: 'Made for your big day',
    subline: 'Kundan chokers, kadas and mangalsutras',
    ink: '#6d1b2b',
    pieces: [
      { design: { kind: 'necklace', style: 'choker', metal: 'yellow', gem: 'diamond', accent: 'emerald' }, at: { x: 1120, y: 290 }, scale: 0.64 },
      { design: { kind: 'bangle', style: 'kada', metal: 'yellow', gem: 'ruby' }, at: { x: 1370, y: 470 }, scale: 0.42, rotation: -6 },
    ],
  },
  {
    backdrop: 'emerald',
    eyebrow: 'ROSE GOLD STORIES',
    headline: 'Gifts she will keep forever',
    subline: 'Soft, modern pieces from the rose gold collection',
    ink: '#f6dcc9',
    pieces: [
      { design: { kind: 'bracelet', style: 'infinity', metal: 'rose', gem: 'diamond' }, at: { x: 1180, y: 330 }, scale: 0.66 },
      { design: { kind: 'earrings', style: 'studs', metal: 'rose', gem: 'ruby' }, at: { x: 1440, y: 200 }, scale: 0.36 },
    ],
  },
];

/** A faint mandala behind the pieces, drawn in thin gold lines. */
function mandala(cx: number, cy: number, r: number, opacity: number): string {
  let svg = `<g fill="none" stroke="#d9b45a" stroke-opacity="${opacity}" stroke-width="2">`;
  for (const k of [1, 0.82, 0.64, 0.46]) svg += `<circle cx="${cx}" cy="${cy}" r="${f(r * k)}"/>`;
  for (let i = 0; i < 24; i++) {
    const a = (i / 24) * 360;
    svg += `<ellipse cx="${cx}" cy="${f(cy - r * 0.73)}" rx="${f(r * 0.07)}" ry="${f(r * 0.17)}" transform="rotate(${a} ${cx} ${cy})"/>`;
  }
  return svg + '</g>';
}

/** The banner picture without its words (those come from a committed overlay, see media.ts). */
export function bannerScene(b: BannerDesign, seed: number): LayeredScene {
  const dark = BACKDROPS[b.backdrop].dark;
  let pieces = '';
  let glints = '';
  for (const p of b.pieces) {
    const piece = drawPiece(p.design);
    const place = `translate(${f(p.at.x)} ${f(p.at.y)}) rotate(${p.rotation ?? 0}) scale(${p.scale}) translate(-500 -500)`;
    pieces += `<g transform="${place}">${piece.svg}</g>`;
    glints += `<g transform="${place}">${glintsFor(piece, seed, p.scale * 1.6)}</g>`;
  }
  glints += sparkle(1480, 120, 16, 0.8) + sparkle(860, 560, 12, 0.6);
  // The left side darkens (or lightens) a little so the words stay readable over it.
  const wash = dark ? '#000' : '#fff';
  const washDef = `<linearGradient id="wash" x1="0" x2="1"><stop offset="0" stop-color="${wash}" stop-opacity="${dark ? 0.35 : 0.5}"/><stop offset=".55" stop-color="${wash}" stop-opacity="0"/></linearGradient>`;
  const w = BANNER_WIDTH;
  const h = BANNER_HEIGHT;
  const viewBox = `0 0 ${w} ${h}`;
  return {
    width: w,
    height: h,
    backdrop: svgDocument(w, h, viewBox, backdropDefs(b.backdrop) + washDef,
      `<rect width="${w}" height="${h}" fill="url(#backdrop)"/>${bokeh(w, h, dark, seed, 12)}${mandala(1190, 330, 360, dark ? 0.16 : 0.28)}<rect width="${w}" height="${h}" fill="url(#wash)"/>`),
    artwork: svgDocument(w, h, viewBox, paintDefs(), pieces + glints),
    silhouette: svgDocument(w, h, viewBox, paintDefs(), pieces),
    shadow: shadowFor(b.backdrop, 700),
  };
}

function escapeXml(text: string): string {
  return text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
}

/**
 * Only the words of a banner, on a transparent canvas. Rendered once on a
 * machine with the DejaVu and Liberation fonts and committed as a PNG, because
 * a server image without fonts would otherwise draw the headline as nothing.
 */
export function bannerTextSvg(b: BannerDesign): string {
  const serif = "'DejaVu Serif', 'Liberation Serif', Georgia, serif";
  const sans = "'DejaVu Sans', 'Liberation Sans', Arial, sans-serif";
  const soft = BACKDROPS[b.backdrop].dark ? '#ffffff' : '#3b2a22';
  return (
    `<svg xmlns="http://www.w3.org/2000/svg" width="${BANNER_WIDTH}" height="${BANNER_HEIGHT}" viewBox="0 0 ${BANNER_WIDTH} ${BANNER_HEIGHT}">` +
    `<text x="120" y="244" font-family="${sans}" font-size="24" letter-spacing="6" fill="${b.ink}" fill-opacity=".9">${escapeXml(b.eyebrow)}</text>` +
    `<path d="M120 270H300" stroke="${b.ink}" stroke-width="2" stroke-opacity=".8"/><circle cx="310" cy="270" r="4" fill="${b.ink}"/>` +
    `<text x="116" y="350" font-family="${serif}" font-size="56" fill="${b.ink}">${escapeXml(b.headline)}</text>` +
    `<text x="120" y="410" font-family="${sans}" font-size="26" fill="${soft}" fill-opacity=".85">${escapeXml(b.subline)}</text>` +
    // No button drawn into the picture: the slider is an image, and a button that cannot be pressed misleads.
    '</svg>'
  );
}

// ---------------------------------------------------------------- portraits

export interface PortraitDesign {
  backdrop: [string, string];
  skin: string;
  hair: string;
  outfit: string;
  /** Long hair with a bun and earrings, or short hair. */
  longHair: boolean;
}

/** Reviewers' portraits: an abstract figure wearing a little gold, never a real face. */
export const PORTRAITS: readonly PortraitDesign[] = [
  { backdrop: ['#fde8e4', '#f3c6bd'], skin: '#c98d6a', hair: '#2a1a14', outfit: '#b0234b', longHair: true },
  { backdrop: ['#e7f1ec', '#bcd9cb'], skin: '#a8714f', hair: '#1c1210', outfit: '#1f6b5a', longHair: true },
  { backdrop: ['#e9edf8', '#c3cdea'], skin: '#b07a58', hair: '#241814', outfit: '#2f4a8a', longHair: false },
  { backdrop: ['#fbf0dc', '#efd29f'], skin: '#d9a47f', hair: '#3b2418', outfit: '#d0782a', longHair: true },
  { backdrop: ['#f1e8f5', '#d8c2e3'], skin: '#8f5d41', hair: '#140d0a', outfit: '#6b2d6f', longHair: false },
  { backdrop: ['#fdebe0', '#f4c9ad'], skin: '#c48862', hair: '#2b1c16', outfit: '#8d1e2c', longHair: true },
];

export function portraitSvg(p: PortraitDesign, size = 400): string {
  const gold = '#e2b54c';
  const hairBack = p.longHair
    ? `<path d="M128 210C120 120 170 78 200 78C238 78 284 112 274 210C270 250 262 282 250 300L150 300C138 282 130 250 128 210Z" fill="${p.hair}"/><circle cx="200" cy="74" r="30" fill="${p.hair}"/>`
    : '';
  const hairFront = p.longHair
    ? `<path d="M146 170C150 122 180 100 204 100C232 100 254 124 256 162C236 140 206 132 176 148C166 154 154 162 146 170Z" fill="${p.hair}"/>`
    : `<path d="M140 172C136 118 172 92 204 92C240 92 266 118 260 172C250 140 226 126 200 126C174 126 152 140 140 172Z" fill="${p.hair}"/>`;
  const earrings = p.longHair
    ? `<circle cx="146" cy="206" r="7" fill="${gold}"/><path d="M139 214h14l-7 18z" fill="${gold}"/><circle cx="254" cy="206" r="7" fill="${gold}"/><path d="M247 214h14l-7 18z" fill="${gold}"/>`
    : '';
  return (
    `<svg xmlns="http://www.w3.org/2000/svg" width="${size}" height="${size}" viewBox="0 0 400 400">` +
    `<defs><radialGradient id="bg" cx=".4" cy=".35" r=".8"><stop offset="0" stop-color="${p.backdrop[0]}"/><stop offset="1" stop-color="${p.backdrop[1]}"/></radialGradient>` +
    `<linearGradient id="cloth" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="${p.outfit}" stop-opacity=".85"/><stop offset="1" stop-color="${p.outfit}"/></linearGradient></defs>` +
    `<rect width="400" height="400" fill="url(#bg)"/>` +
    `<circle cx="330" cy="70" r="38" fill="#fff" fill-opacity=".25"/><circle cx="70" cy="330" r="54" fill="#fff" fill-opacity=".18"/>` +
    hairBack +
    `<path d="M60 400C64 320 120 282 200 282C280 282 336 320 340 400Z" fill="url(#cloth)"/>` +
    `<rect x="178" y="236" width="44" height="56" rx="18" fill="${p.skin}"/>` +
    `<path d="M160 282C176 320 224 320 240 282" fill="none" stroke="${gold}" stroke-width="5" stroke-linecap="round"/><circle cx="200" cy="318" r="9" fill="${gold}"/>` +
    `<ellipse cx="200" cy="186" rx="56" ry="66" fill="${p.skin}"/>` +
    hairFront +
    earrings +
    '</svg>'
  );
}

// ---------------------------------------------------------------- reels

export const REEL_WIDTH = 360;
export const REEL_HEIGHT = 640;

/**
 * One frame of a reel, t in [0, 1) over the loop. 'ring' turns a solitaire on
 * its axis; 'jhumka' lets a pair of jhumkas sway. Both shimmer as the light moves.
 */
export function reelFrame(reel: 'ring' | 'jhumka', t: number): LayeredScene {
  const turn = Math.PI * 2 * t;
  const backdrop: Backdrop = reel === 'ring' ? 'maroon' : 'emerald';
  let body = '';
  let glints = '';
  if (reel === 'ring') {
    // A ring spun about its upright axis looks the same every half turn.
    const squeeze = Math.max(0.12, Math.abs(Math.cos(turn / 2)));
    const size = 1.6;
    const at = (x: number, y: number) => ({ x: 500 + (x - 500) * squeeze * size, y: 900 + (y - 520) * size });
    const piece = drawPiece({ kind: 'ring', style: 'solitaire', metal: 'yellow', gem: 'diamond' });
    body = `<g transform="translate(500 900) scale(${f2(squeeze * size)} ${size}) translate(-500 -520)">${piece.svg}</g>`;
    const stone = at(470, 250);
    const girdle = at(540, 290);
    glints = sparkle(stone.x, stone.y, 40 + 26 * Math.abs(Math.sin(turn * 2)), 0.9) +
      sparkle(girdle.x, girdle.y, 18 + 22 * Math.abs(Math.cos(turn * 3)), 0.75);
  } else {
    const one = drawEarring({ kind: 'earrings', style: 'jhumka', metal: 'yellow', gem: 'ruby', accent: 'pearl' });
    // Each earring swings from its own hook; the second a little behind the first.
    const swing = EARRING_X.map((x, i) =>
      `<g transform="rotate(${f(7 * Math.sin(turn - i * 0.6))} ${x} ${one.top}) translate(${x} ${one.top})">${one.svg}</g>`).join('');
    body = `<g transform="translate(500 620) scale(1.3) translate(-500 ${-one.top})">${swing}</g>`;
    glints = sparkle(300, 760 + 24 * Math.sin(turn), 20 + 22 * Math.abs(Math.sin(turn * 2)), 0.9) +
      sparkle(720, 900, 14 + 18 * Math.abs(Math.cos(turn * 2)), 0.8);
  }
  const viewBox = '0 0 1000 1778';
  const defs = paintDefs(35 + 40 * Math.sin(turn));
  return {
    width: REEL_WIDTH,
    height: REEL_HEIGHT,
    // The specks of light drift a little, and come back to where they were at the end of the loop.
    backdrop: svgDocument(REEL_WIDTH, REEL_HEIGHT, viewBox, backdropDefs(backdrop),
      `<rect width="1000" height="1778" fill="url(#backdrop)"/><g transform="translate(${f(18 * Math.cos(turn))} ${f(30 * Math.sin(turn))})">${bokeh(1000, 1778, true, reel === 'ring' ? 11 : 23, 12)}</g>`),
    artwork: svgDocument(REEL_WIDTH, REEL_HEIGHT, viewBox, defs, body + glints),
    silhouette: svgDocument(REEL_WIDTH, REEL_HEIGHT, viewBox, defs, body),
    shadow: shadowFor(backdrop, REEL_WIDTH),
  };
}

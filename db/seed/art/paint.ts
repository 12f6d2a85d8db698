/**
 * The paint box for the demo store's pictures: metal and gem colours as SVG
 * gradients, and the small parts every piece is built from (stones, beads,
 * pearls, sparkles). Everything is drawn as plain SVG so sharp (librsvg) can
 * rasterise it with no network and no image files.
 */

export type Metal = 'yellow' | 'rose' | 'white';
export type Gem =
  | 'diamond' | 'ruby' | 'emerald' | 'sapphire' | 'pearl'
  | 'coral' | 'topaz' | 'hessonite' | 'catseye' | 'onyx' | 'none';

export interface Point {
  x: number;
  y: number;
}

interface MetalColours { light: string; base: string; deep: string; edge: string; shine: string }

// Polished metal reads as metal only with strong light and dark bands side by side.
const METALS: Record<Metal, MetalColours> = {
  yellow: { light: '#fff6cf', base: '#efc35a', deep: '#9c6b12', edge: '#6f4a0c', shine: '#fffbe8' },
  rose: { light: '#ffe9e0', base: '#e8a690', deep: '#9a5644', edge: '#6e3a2e', shine: '#fff5f0' },
  white: { light: '#ffffff', base: '#dfe3e8', deep: '#8a9099', edge: '#5b616a', shine: '#ffffff' },
};

interface GemColours { light: string; base: string; deep: string }

const GEMS: Record<Exclude<Gem, 'none'>, GemColours> = {
  diamond: { light: '#ffffff', base: '#e4eef7', deep: '#8aa2ba' },
  ruby: { light: '#ff9bb3', base: '#d0124e', deep: '#55051d' },
  emerald: { light: '#a3f5c6', base: '#139a5c', deep: '#053a22' },
  sapphire: { light: '#a9c2ff', base: '#2553cc', deep: '#0a185a' },
  pearl: { light: '#ffffff', base: '#f5eee3', deep: '#c9b9a2' },
  coral: { light: '#ffc2a8', base: '#f0643c', deep: '#8a2410' },
  topaz: { light: '#fff1a6', base: '#f2bf1d', deep: '#8a5a00' },
  hessonite: { light: '#f7c08a', base: '#c0641d', deep: '#5c2607' },
  catseye: { light: '#f4ecb0', base: '#b8a548', deep: '#4f4513' },
  onyx: { light: '#6b6b6b', base: '#1b1b1b', deep: '#000000' },
};

/** Rounds for SVG text: a tenth of a pixel is finer than any eye sees. */
export function f(n: number): string {
  return String(Math.round(n * 10) / 10);
}

/** Rounds a scale or an opacity to two decimals. */
export function f2(n: number): string {
  return String(Math.round(n * 100) / 100);
}

export function metalFace(metal: Metal): string {
  return `url(#${metal}-face)`;
}
export function metalBack(metal: Metal): string {
  return `url(#${metal}-back)`;
}
export function metalBead(metal: Metal): string {
  return `url(#${metal}-bead)`;
}
export function metalEdge(metal: Metal): string {
  return METALS[metal].edge;
}
export function metalDeep(metal: Metal): string {
  return METALS[metal].deep;
}

/**
 * The gradients every drawing refers to. `shine` turns the polished bands of
 * the metal (degrees), which is how the reels make gold shimmer.
 */
export function paintDefs(shine = 35): string {
  const parts: string[] = [];
  for (const [name, c] of Object.entries(METALS)) {
    parts.push(
      `<linearGradient id="${name}-face" x1="0" y1="0" x2="1" y2="1" gradientTransform="rotate(${f(shine - 35)} .5 .5)">` +
        `<stop offset="0" stop-color="${c.light}"/><stop offset=".2" stop-color="${c.base}"/>` +
        `<stop offset=".42" stop-color="${c.deep}"/><stop offset=".58" stop-color="${c.base}"/>` +
        `<stop offset=".74" stop-color="${c.shine}"/><stop offset=".88" stop-color="${c.base}"/>` +
        `<stop offset="1" stop-color="${c.deep}"/></linearGradient>`,
      `<linearGradient id="${name}-back" x1="0" y1="0" x2="1" y2="1">` +
        `<stop offset="0" stop-color="${c.deep}"/><stop offset=".5" stop-color="${c.base}" stop-opacity=".85"/>` +
        `<stop offset="1" stop-color="${c.edge}"/></linearGradient>`,
      `<radialGradient id="${name}-bead" cx=".36" cy=".32" r=".75">` +
        `<stop offset="0" stop-color="${c.shine}"/><stop offset=".3" stop-color="${c.base}"/>` +
        `<stop offset=".8" stop-color="${c.deep}"/><stop offset="1" stop-color="${c.edge}"/></radialGradient>`,
    );
  }
  for (const [name, c] of Object.entries(GEMS)) {
    parts.push(
      `<radialGradient id="gem-${name}" cx=".38" cy=".34" r=".72">` +
        `<stop offset="0" stop-color="${c.light}"/><stop offset=".45" stop-color="${c.base}"/>` +
        `<stop offset="1" stop-color="${c.deep}"/></radialGradient>`,
    );
  }
  parts.push(
    '<radialGradient id="pearl-sheen" cx=".35" cy=".3" r=".8"><stop offset="0" stop-color="#ffffff"/>' +
      '<stop offset=".35" stop-color="#fbf5ec"/><stop offset=".75" stop-color="#e9dccb"/>' +
      '<stop offset=".92" stop-color="#d9c3b8"/><stop offset="1" stop-color="#b9a48f"/></radialGradient>',
    '<radialGradient id="glow"><stop offset="0" stop-color="#fff" stop-opacity=".95"/>' +
      '<stop offset=".25" stop-color="#fff" stop-opacity=".35"/><stop offset="1" stop-color="#fff" stop-opacity="0"/></radialGradient>',
    '<radialGradient id="contact-shadow"><stop offset="0" stop-color="#000" stop-opacity=".32"/>' +
      '<stop offset=".6" stop-color="#000" stop-opacity=".1"/><stop offset="1" stop-color="#000" stop-opacity="0"/></radialGradient>',
  );
  return parts.join('');
}

/** A regular polygon's corners, first corner pointing up. */
export function polygonPoints(cx: number, cy: number, r: number, corners: number, turn = 0): Point[] {
  return Array.from({ length: corners }, (_, i) => {
    const a = ((i / corners) * 360 + turn - 90) * (Math.PI / 180);
    return { x: cx + r * Math.cos(a), y: cy + r * Math.sin(a) };
  });
}

function pointList(points: Point[]): string {
  return points.map((p) => `${f(p.x)},${f(p.y)}`).join(' ');
}

/** A round brilliant seen from above: table, star facets and a glint. */
export function roundGem(x: number, y: number, r: number, gem: Gem): string {
  if (gem === 'none') return bead(x, y, r, 'yellow');
  if (gem === 'pearl') return pearl(x, y, r);
  const c = GEMS[gem];
  const table = polygonPoints(x, y, r * 0.52, 8, 22.5);
  const rim = polygonPoints(x, y, r * 0.97, 8);
  const facets = table
    .map((t, i) => `M${f(t.x)} ${f(t.y)}L${f(rim[i].x)} ${f(rim[i].y)}L${f(table[(i + 1) % 8].x)} ${f(table[(i + 1) % 8].y)}`)
    .join('');
  return (
    `<circle cx="${f(x)}" cy="${f(y)}" r="${f(r)}" fill="url(#gem-${gem})" stroke="${c.deep}" stroke-width="${f(r * 0.06)}"/>` +
    // On a diamond, white facet lines vanish into the white stone: steel-blue ones read as cut.
    `<path d="${facets}" fill="none" stroke="${gem === 'diamond' ? '#6f87a3' : '#fff'}" stroke-opacity="${gem === 'diamond' ? 0.55 : 0.42}" stroke-width="${f(Math.max(0.6, r * 0.045))}"/>` +
    `<polygon points="${pointList(table)}" fill="#fff" fill-opacity=".16" stroke="#fff" stroke-opacity=".5" stroke-width="${f(Math.max(0.5, r * 0.04))}"/>` +
    `<ellipse cx="${f(x - r * 0.32)}" cy="${f(y - r * 0.38)}" rx="${f(r * 0.24)}" ry="${f(r * 0.12)}" transform="rotate(-32 ${f(x - r * 0.32)} ${f(y - r * 0.38)})" fill="#fff" fill-opacity=".85"/>`
  );
}

/** A stone in a metal collet (bezel). */
export function setGem(x: number, y: number, r: number, gem: Gem, metal: Metal): string {
  return `<circle cx="${f(x)}" cy="${f(y)}" r="${f(r * 1.24)}" fill="${metalFace(metal)}" stroke="${metalEdge(metal)}" stroke-width="${f(r * 0.06)}"/>` + roundGem(x, y, r, gem);
}

/** A stone held by small claws, the classic solitaire head seen from above. */
export function prongGem(x: number, y: number, r: number, gem: Gem, metal: Metal, claws = 4): string {
  const prongs = polygonPoints(x, y, r * 1.02, claws, 45)
    .map((p) => `<circle cx="${f(p.x)}" cy="${f(p.y)}" r="${f(r * 0.17)}" fill="${metalBead(metal)}"/>`)
    .join('');
  return roundGem(x, y, r, gem) + prongs;
}

/** An oval cut: drawn as a round brilliant squeezed in one direction. */
export function ovalGem(x: number, y: number, rx: number, ry: number, gem: Gem): string {
  const r = Math.max(rx, ry);
  return `<g transform="translate(${f(x)} ${f(y)}) scale(${f2(rx / r)} ${f2(ry / r)})">${roundGem(0, 0, r, gem)}</g>`;
}

/** A pear (teardrop) cut, point up, centred on (x, y). */
export function dropGem(x: number, y: number, w: number, h: number, gem: Gem): string {
  const top = y - h / 2;
  const bottom = y + h / 2;
  const d =
    `M${f(x)} ${f(top)}C${f(x + w * 0.2)} ${f(top + h * 0.25)} ${f(x + w / 2)} ${f(y + h * 0.05)} ${f(x + w / 2)} ${f(y + h * 0.2)}` +
    `A${f(w / 2)} ${f(h * 0.3)} 0 0 1 ${f(x - w / 2)} ${f(y + h * 0.2)}` +
    `C${f(x - w / 2)} ${f(y + h * 0.05)} ${f(x - w * 0.2)} ${f(top + h * 0.25)} ${f(x)} ${f(top)}Z`;
  const fill = gem === 'pearl' ? 'url(#pearl-sheen)' : gem === 'none' ? 'url(#yellow-bead)' : `url(#gem-${gem})`;
  const deep = gem === 'none' || gem === 'pearl' ? '#8b7355' : GEMS[gem].deep;
  const facets =
    gem === 'pearl' || gem === 'none'
      ? ''
      : `<path d="M${f(x)} ${f(top + h * 0.12)}L${f(x)} ${f(bottom - h * 0.08)}M${f(x - w * 0.3)} ${f(y + h * 0.2)}L${f(x)} ${f(y - h * 0.05)}L${f(x + w * 0.3)} ${f(y + h * 0.2)}M${f(x - w * 0.22)} ${f(bottom - h * 0.12)}L${f(x)} ${f(y + h * 0.12)}L${f(x + w * 0.22)} ${f(bottom - h * 0.12)}" fill="none" stroke="#fff" stroke-opacity=".4" stroke-width="${f(Math.max(0.8, w * 0.03))}"/>`;
  return (
    `<path d="${d}" fill="${fill}" stroke="${deep}" stroke-width="${f(w * 0.04)}"/>` +
    facets +
    `<ellipse cx="${f(x - w * 0.14)}" cy="${f(y + h * 0.02)}" rx="${f(w * 0.1)}" ry="${f(h * 0.13)}" transform="rotate(20 ${f(x - w * 0.14)} ${f(y)})" fill="#fff" fill-opacity=".7"/>`
  );
}

/** A polished metal sphere (gold beads, bead fringes, granulation). */
export function bead(x: number, y: number, r: number, metal: Metal): string {
  return (
    `<circle cx="${f(x)}" cy="${f(y)}" r="${f(r)}" fill="${metalBead(metal)}"/>` +
    `<circle cx="${f(x - r * 0.35)}" cy="${f(y - r * 0.38)}" r="${f(r * 0.22)}" fill="#fff" fill-opacity=".75"/>`
  );
}

/** A pearl: soft lustre, a pink-green edge and a small window reflection. */
export function pearl(x: number, y: number, r: number): string {
  return (
    `<circle cx="${f(x)}" cy="${f(y)}" r="${f(r)}" fill="url(#pearl-sheen)"/>` +
    `<ellipse cx="${f(x - r * 0.3)}" cy="${f(y - r * 0.36)}" rx="${f(r * 0.26)}" ry="${f(r * 0.16)}" transform="rotate(-30 ${f(x - r * 0.3)} ${f(y - r * 0.36)})" fill="#fff" fill-opacity=".9"/>`
  );
}

/** A black glass bead (mangalsutra, nazariya). */
export function blackBead(x: number, y: number, r: number): string {
  return (
    `<circle cx="${f(x)}" cy="${f(y)}" r="${f(r)}" fill="url(#gem-onyx)"/>` +
    `<circle cx="${f(x - r * 0.32)}" cy="${f(y - r * 0.35)}" r="${f(r * 0.2)}" fill="#fff" fill-opacity=".55"/>`
  );
}

/** A four-point glint with a soft halo: where light catches a stone or a polished edge. */
export function sparkle(x: number, y: number, size: number, opacity = 1): string {
  const s = size;
  const w = s * 0.12;
  const star =
    `M${f(x)} ${f(y - s)}Q${f(x + w)} ${f(y - w)} ${f(x + s)} ${f(y)}Q${f(x + w)} ${f(y + w)} ${f(x)} ${f(y + s)}` +
    `Q${f(x - w)} ${f(y + w)} ${f(x - s)} ${f(y)}Q${f(x - w)} ${f(y - w)} ${f(x)} ${f(y - s)}Z`;
  return (
    `<g opacity="${f2(opacity)}"><circle cx="${f(x)}" cy="${f(y)}" r="${f(s * 0.55)}" fill="url(#glow)"/>` +
    `<path d="${star}" fill="#fff"/></g>`
  );
}

/** A highlight line along part of an ellipse, for the polished rim of a band. */
export function rimLight(cx: number, cy: number, rx: number, ry: number, fromDeg: number, toDeg: number, width: number, opacity = 0.6): string {
  const a = ellipsePoint(cx, cy, rx, ry, fromDeg);
  const b = ellipsePoint(cx, cy, rx, ry, toDeg);
  const large = Math.abs(toDeg - fromDeg) > 180 ? 1 : 0;
  const sweep = toDeg > fromDeg ? 1 : 0;
  return `<path d="M${f(a.x)} ${f(a.y)}A${f(rx)} ${f(ry)} 0 ${large} ${sweep} ${f(b.x)} ${f(b.y)}" fill="none" stroke="#fff" stroke-opacity="${opacity}" stroke-width="${f(width)}" stroke-linecap="round"/>`;
}

/** A point on an ellipse; 0 degrees is to the right, 90 is at the bottom (screen coordinates). */
export function ellipsePoint(cx: number, cy: number, rx: number, ry: number, deg: number): Point {
  const a = (deg * Math.PI) / 180;
  return { x: cx + rx * Math.cos(a), y: cy + ry * Math.sin(a) };
}

/** An ellipse as a path, to combine with another in an even-odd ring. */
export function ellipsePath(cx: number, cy: number, rx: number, ry: number): string {
  return `M${f(cx - rx)} ${f(cy)}A${f(rx)} ${f(ry)} 0 1 0 ${f(cx + rx)} ${f(cy)}A${f(rx)} ${f(ry)} 0 1 0 ${f(cx - rx)} ${f(cy)}Z`;
}

export interface CurvePoint extends Point {
  /** Direction of travel, degrees. */
  angle: number;
}

/**
 * Points spaced evenly along a cubic Bézier, each with its direction: how
 * chains, bead strands and necklace settings follow a drape.
 */
export function alongCurve(p0: Point, p1: Point, p2: Point, p3: Point, count: number): CurvePoint[] {
  const at = (t: number): Point => {
    const u = 1 - t;
    return {
      x: u * u * u * p0.x + 3 * u * u * t * p1.x + 3 * u * t * t * p2.x + t * t * t * p3.x,
      y: u * u * u * p0.y + 3 * u * u * t * p1.y + 3 * u * t * t * p2.y + t * t * t * p3.y,
    };
  };
  const steps = 600;
  const lengths = [0];
  let previous = at(0);
  for (let i = 1; i <= steps; i++) {
    const p = at(i / steps);
    lengths.push(lengths[i - 1] + Math.hypot(p.x - previous.x, p.y - previous.y));
    previous = p;
  }
  const total = lengths[steps];
  const points: CurvePoint[] = [];
  let j = 0;
  for (let k = 0; k < count; k++) {
    const target = count === 1 ? total / 2 : (total * k) / (count - 1);
    while (j < steps && lengths[j + 1] < target) j++;
    const t = j / steps;
    const p = at(t);
    const q = at(Math.min(1, t + 1 / steps));
    const r = at(Math.max(0, t - 1 / steps));
    points.push({ ...p, angle: (Math.atan2(q.y - r.y, q.x - r.x) * 180) / Math.PI });
  }
  return points;
}

/**
 * One drawing per kind of jewellery, each in a few styles, in a 1000 x 1000
 * space centred on (500, 500). A drawing returns its SVG and where light
 * should glint, so a scene can add sparkles without knowing the piece.
 */
import {
  alongCurve, bead, blackBead, dropGem, ellipsePath, ellipsePoint, f, type Gem, type Metal,
  metalBack, metalBead, metalDeep, metalEdge, metalFace, ovalGem, pearl, type Point,
  polygonPoints, prongGem, rimLight, roundGem, setGem,
} from './paint.ts';

export type PieceKind =
  | 'ring' | 'earrings' | 'necklace' | 'bangle' | 'pendant' | 'chain' | 'mangalsutra' | 'nosepin' | 'bracelet';

/** What a picture shows: the kind, its style, the metal and the main (and second) stone. */
export interface PieceDesign {
  kind: PieceKind;
  style: string;
  metal: Metal;
  gem: Gem;
  /** A second stone: drops of a choker, the pendant of a pearl haar. */
  accent?: Gem;
}

export interface Piece {
  svg: string;
  /** Where a close-up should look. */
  focus: Point;
  /** Points where light catches: stones and polished edges. */
  glints: Point[];
}

/** The styles each kind can be drawn in; the catalogue picks from these. */
export const STYLES: Record<PieceKind, readonly string[]> = {
  ring: ['solitaire', 'halo', 'cluster', 'navratna', 'eternity', 'band'],
  earrings: ['jhumka', 'studs', 'hoops', 'chandbali', 'drops'],
  necklace: ['temple', 'choker', 'diamond', 'coins', 'pearl'],
  bangle: ['kada', 'nakshi', 'twist', 'jaal', 'pair', 'plain'],
  pendant: ['heart', 'drop', 'lotus', 'coin', 'evileye', 'solitaire'],
  chain: ['cable', 'rope', 'box', 'figaro', 'curb', 'wheat'],
  mangalsutra: ['vati', 'diamond', 'solitaire'],
  nosepin: ['flower', 'star', 'solitaire', 'nath', 'leaf'],
  bracelet: ['tennis', 'link', 'charm', 'infinity', 'nazariya', 'pearl'],
};

/** Draws one piece of jewellery. */
export function drawPiece(design: PieceDesign): Piece {
  switch (design.kind) {
    case 'ring': return ring(design);
    case 'earrings': return earrings(design);
    case 'necklace': return necklace(design);
    case 'bangle': return bangle(design);
    case 'pendant': return pendant(design);
    case 'chain': return chain(design);
    case 'mangalsutra': return mangalsutra(design);
    case 'nosepin': return nosePin(design);
    case 'bracelet': return bracelet(design);
  }
}

const stoneOr = (gem: Gem, fallback: Gem): Gem => (gem === 'none' ? fallback : gem);

// ---------------------------------------------------------------- rings

/** A ring standing upright, seen slightly from above so the inner wall shows. */
function ring(d: PieceDesign): Piece {
  const cx = 500;
  const cy = 600;
  const wide = d.style === 'band';
  const outer = { rx: wide ? 222 : 212, ry: wide ? 212 : 202 };
  const inner = { rx: wide ? 168 : 178, ry: wide ? 160 : 170 };
  const glints: Point[] = [ellipsePoint(cx, cy, outer.rx, outer.ry, 215)];
  let svg =
    `<path d="${ellipsePath(cx, cy, inner.rx, inner.ry)}${ellipsePath(cx, cy - 9, inner.rx - 4, inner.ry - 11)}" fill-rule="evenodd" fill="${metalBack(d.metal)}"/>` +
    `<path d="${ellipsePath(cx, cy, outer.rx, outer.ry)}${ellipsePath(cx, cy, inner.rx, inner.ry)}" fill-rule="evenodd" fill="${metalFace(d.metal)}" stroke="${metalEdge(d.metal)}" stroke-width="2"/>` +
    rimLight(cx, cy, outer.rx - 6, outer.ry - 6, 195, 250, 7, 0.7) +
    rimLight(cx, cy, inner.rx + 5, inner.ry + 5, 40, 140, 4, 0.35);
  const top = cy - outer.ry;
  switch (d.style) {
    case 'solitaire': {
      svg += solitaireHead(cx, top, 180, stoneOr(d.gem, 'diamond'), d.metal);
      glints.push({ x: cx - 30, y: top - 110 }, { x: cx + 40, y: top - 60 });
      break;
    }
    case 'halo': {
      const y = top - 20;
      svg += `<ellipse cx="${cx}" cy="${y}" rx="92" ry="108" fill="${metalFace(d.metal)}" stroke="${metalEdge(d.metal)}" stroke-width="2"/>`;
      for (const p of polygonPoints(cx, y, 1, 16)) {
        const x = cx + (p.x - cx) * 76;
        const yy = y + (p.y - y) * 91;
        svg += roundGem(x, yy, 12, 'diamond');
      }
      svg += ovalGem(cx, y, 50, 64, stoneOr(d.gem, 'diamond'));
      glints.push({ x: cx - 20, y: y - 30 }, { x: cx + 70, y: y + 20 });
      break;
    }
    case 'cluster':
    case 'navratna': {
      const y = top - 10;
      const nine: Gem[] = ['pearl', 'coral', 'emerald', 'topaz', 'diamond', 'sapphire', 'hessonite', 'catseye'];
      const petals = d.style === 'navratna' ? 8 : 6;
      svg += `<circle cx="${cx}" cy="${y}" r="${d.style === 'navratna' ? 104 : 96}" fill="${metalFace(d.metal)}" stroke="${metalEdge(d.metal)}" stroke-width="2"/>`;
      polygonPoints(cx, y, d.style === 'navratna' ? 66 : 58, petals).forEach((p, i) => {
        svg += prongGem(p.x, p.y, d.style === 'navratna' ? 23 : 26, d.style === 'navratna' ? nine[i] : stoneOr(d.gem, 'diamond'), d.metal);
      });
      svg += prongGem(cx, y, 32, d.style === 'navratna' ? 'ruby' : stoneOr(d.gem, 'diamond'), d.metal, 6);
      glints.push({ x: cx - 12, y: y - 14 }, { x: cx + 56, y: y - 40 });
      break;
    }
    case 'eternity': {
      for (let a = 192; a <= 348; a += 10.4) {
        const p = ellipsePoint(cx, cy, (outer.rx + inner.rx) / 2, (outer.ry + inner.ry) / 2, a);
        svg += prongGem(p.x, p.y, 14, stoneOr(d.gem, 'diamond'), d.metal);
      }
      glints.push(ellipsePoint(cx, cy, 195, 186, 250), ellipsePoint(cx, cy, 195, 186, 300));
      break;
    }
    default: {
      // A plain band: two engraved grooves and a diamond-cut texture between them.
      svg += `<path d="${ellipsePath(cx, cy, outer.rx - 14, outer.ry - 14)}${ellipsePath(cx, cy, inner.rx + 14, inner.ry + 14)}" fill="none" stroke="${metalDeep(d.metal)}" stroke-opacity=".5" stroke-width="3"/>`;
      let cuts = '';
      for (let a = 0; a < 360; a += 7.5) {
        const p = ellipsePoint(cx, cy, outer.rx - 22, outer.ry - 22, a);
        const q = ellipsePoint(cx, cy, inner.rx + 22, inner.ry + 22, a + 4);
        cuts += `M${f(p.x)} ${f(p.y)}L${f(q.x)} ${f(q.y)}`;
      }
      svg += `<path d="${cuts}" stroke="#fff" stroke-opacity=".38" stroke-width="3"/>`;
      if (d.gem !== 'none') svg += setGem(cx, cy + (outer.ry + inner.ry) / 2, 16, d.gem, d.metal);
      glints.push(ellipsePoint(cx, cy, 200, 190, 320));
    }
  }
  return { svg, focus: { x: cx, y: top + 20 }, glints };
}

/** A brilliant seen from the side in a four-claw basket, as on an engagement ring. */
function solitaireHead(x: number, bandTop: number, w: number, gem: Gem, metal: Metal): string {
  const girdle = bandTop - w * 0.62;
  const table = girdle - w * 0.24;
  const tip = girdle + w * 0.46;
  const shades = gemShades(gem);
  const T = [-0.27, -0.09, 0.09, 0.27].map((k) => x + k * w);
  const G = [-0.5, -0.25, 0, 0.25, 0.5].map((k) => x + k * w);
  const tri = (pts: [number, number][], fill: string) =>
    `<polygon points="${pts.map(([px, py]) => `${f(px)},${f(py)}`).join(' ')}" fill="${fill}"/>`;
  const crown = [
    tri([[G[0], girdle], [T[0], table], [G[1], girdle]], shades[0]),
    tri([[T[0], table], [T[1], table], [G[1], girdle]], shades[1]),
    tri([[G[1], girdle], [T[1], table], [G[2], girdle]], shades[2]),
    tri([[T[1], table], [T[2], table], [G[2], girdle]], shades[3]),
    tri([[G[2], girdle], [T[2], table], [G[3], girdle]], shades[4]),
    tri([[T[2], table], [T[3], table], [G[3], girdle]], shades[1]),
    tri([[G[3], girdle], [T[3], table], [G[4], girdle]], shades[2]),
  ].join('');
  const pavilion = [
    tri([[G[0], girdle], [G[1], girdle], [x, tip]], shades[2]),
    tri([[G[1], girdle], [G[2], girdle], [x, tip]], shades[4]),
    tri([[G[2], girdle], [G[3], girdle], [x, tip]], shades[0]),
    tri([[G[3], girdle], [G[4], girdle], [x, tip]], shades[3]),
  ].join('');
  const basket =
    `<path d="M${f(x - w * 0.36)} ${f(girdle + 8)}L${f(x + w * 0.36)} ${f(girdle + 8)}L${f(x + w * 0.2)} ${f(bandTop + 14)}L${f(x - w * 0.2)} ${f(bandTop + 14)}Z" fill="${metalFace(metal)}" stroke="${metalEdge(metal)}" stroke-width="2"/>` +
    `<path d="M${f(x - w * 0.3)} ${f(girdle + w * 0.2)}L${f(x + w * 0.3)} ${f(girdle + w * 0.2)}" stroke="${metalDeep(metal)}" stroke-width="5" stroke-opacity=".6"/>`;
  const claw = (fromX: number, toX: number, width: number) =>
    `<path d="M${f(fromX - width)} ${f(bandTop + 10)}Q${f(toX - width * 0.6)} ${f(girdle + 10)} ${f(toX - width * 0.6)} ${f(table + w * 0.08)}L${f(toX + width * 0.6)} ${f(table + w * 0.08)}Q${f(toX + width * 0.6)} ${f(girdle + 10)} ${f(fromX + width)} ${f(bandTop + 10)}Z" fill="${metalFace(metal)}" stroke="${metalEdge(metal)}" stroke-width="1.5"/>` +
    bead(toX, table + w * 0.08, width * 0.9, metal);
  // Two claws behind the stone, two in front of it.
  return (
    claw(x - w * 0.12, x - w * 0.2, 5) +
    claw(x + w * 0.12, x + w * 0.2, 5) +
    basket +
    crown +
    pavilion +
    `<path d="M${f(G[0])} ${f(girdle)}L${f(T[0])} ${f(table)}L${f(T[3])} ${f(table)}L${f(G[4])} ${f(girdle)}L${f(x)} ${f(tip)}Z" fill="none" stroke="${shades[5]}" stroke-width="2"/>` +
    claw(x - w * 0.2, x - w * 0.4, 7) +
    claw(x + w * 0.2, x + w * 0.4, 7)
  );
}

/** Facet colours for a stone seen from the side: light, mid and dark faces, and its outline. */
function gemShades(gem: Gem): string[] {
  switch (gem) {
    case 'ruby': return ['#ff7d9c', '#c8104a', '#8d0a33', '#ef3b6d', '#5a0620', '#4a0419'];
    case 'emerald': return ['#7de8aa', '#11985a', '#0a6b3d', '#34c47c', '#04361f', '#053a22'];
    case 'sapphire': return ['#8fb0ff', '#2a58d0', '#173a99', '#4f7cf0', '#0a1a5c', '#0a185a'];
    // Diamond: white and steel faces with a hint of fire in two of them.
    default: return ['#ffffff', '#dce8f3', '#9fb4c9', '#f3f8ff', '#e9f4ff', '#8aa2ba'];
  }
}

// ---------------------------------------------------------------- earrings

/** One earring of a pair, drawn from the top of its ear wire or post at (0, 0); `top` is where that sits in the picture. */
export function drawEarring(d: PieceDesign): { svg: string; top: number; glints: Point[] } {
  const draw: Record<string, (metal: Metal, gem: Gem, accent: Gem) => { svg: string; top: number; glints: Point[] }> = {
    jhumka, studs: stud, hoops: hoop, chandbali, drops: dropEarring,
  };
  return (draw[d.style] ?? jhumka)(d.metal, d.gem, d.accent ?? d.gem);
}

/** The two earring centres of a pair. */
export const EARRING_X = [318, 682] as const;

function earrings(d: PieceDesign): Piece {
  const one = drawEarring(d);
  let svg = '';
  const glints: Point[] = [];
  for (const x of EARRING_X) {
    svg += `<g transform="translate(${x} ${one.top})">${one.svg}</g>`;
    glints.push(...one.glints.map((g) => ({ x: g.x + x, y: g.y + one.top })));
  }
  return { svg, focus: { x: EARRING_X[0], y: one.top + 200 }, glints };
}

function flowerStud(y: number, r: number, metal: Metal, gem: Gem): string {
  let svg = '';
  for (const p of polygonPoints(0, y, r * 0.95, 6)) svg += bead(p.x, p.y, r * 0.55, metal);
  return svg + setGem(0, y, r * 0.6, stoneOr(gem, 'ruby'), metal);
}

function jhumka(metal: Metal, gem: Gem, accent: Gem) {
  const w = 122;
  const rimY = 360;
  let svg = flowerStud(42, 40, metal, gem) + bead(0, 100, 13, metal) + bead(0, 124, 10, metal);
  svg += `<path d="M${-w} ${rimY}C${-w} 250 -72 138 0 138C72 138 ${w} 250 ${w} ${rimY}Z" fill="${metalFace(metal)}" stroke="${metalEdge(metal)}" stroke-width="2"/>`;
  // Engraved bands and granulation across the bell.
  for (const [yy, k] of [[196, 0.62], [252, 0.82], [312, 0.95]] as const) {
    svg += `<path d="M${f(-w * k)} ${yy}Q0 ${yy + 26} ${f(w * k)} ${yy}" fill="none" stroke="${metalDeep(metal)}" stroke-opacity=".55" stroke-width="4"/>`;
  }
  for (let i = -4; i <= 4; i++) svg += bead(i * 21, 232 + Math.abs(i) * -1.5 + (i * i) * 0.9, 6, metal);
  for (let i = -2; i <= 2; i++) svg += setGem(i * 36, 286 + i * i * 2.5, 9, stoneOr(gem, 'ruby'), metal);
  svg += `<ellipse cx="0" cy="${rimY}" rx="${w + 4}" ry="24" fill="${metalFace(metal)}" stroke="${metalEdge(metal)}" stroke-width="2"/>`;
  svg += `<ellipse cx="0" cy="${rimY + 5}" rx="${w - 12}" ry="15" fill="${metalDeep(metal)}"/>`;
  // The fringe: a bead string at every step of the rim, the middle ones longest.
  const fringeGem = accent === 'none' ? 'pearl' : accent;
  for (let i = -5; i <= 5; i++) {
    const x = i * 23;
    const y0 = rimY + 22 - Math.abs(i) * 1.5;
    const drops = Math.abs(i) <= 1 ? 3 : 2;
    for (let k = 0; k < drops; k++) {
      const y = y0 + k * 22;
      svg += k % 2 === 0 ? bead(x, y, 8, metal) : fringeGem === 'pearl' ? pearl(x, y, 10) : roundGem(x, y, 9, fringeGem);
    }
  }
  return { svg, top: 200, glints: [{ x: -40, y: 190 }, { x: 0, y: 42 }, { x: 36, y: 286 }] };
}

function stud(metal: Metal, gem: Gem) {
  let svg = '';
  const g = stoneOr(gem, 'diamond');
  polygonPoints(0, 0, 70, 8, 22.5).forEach((p) => {
    svg += `<ellipse cx="${f(p.x)}" cy="${f(p.y)}" rx="34" ry="34" fill="${metalFace(metal)}" stroke="${metalEdge(metal)}" stroke-width="1.5"/>`;
  });
  polygonPoints(0, 0, 70, 8, 22.5).forEach((p) => (svg += prongGem(p.x, p.y, 25, g, metal)));
  svg += prongGem(0, 0, 40, g, metal, 6);
  return { svg, top: 500, glints: [{ x: -14, y: -16 }, { x: 60, y: -40 }] };
}

function hoop(metal: Metal, gem: Gem) {
  let svg = bead(0, 0, 16, metal);
  svg += `<ellipse cx="0" cy="170" rx="140" ry="160" fill="none" stroke="${metalEdge(metal)}" stroke-width="38"/>`;
  svg += `<ellipse cx="0" cy="170" rx="140" ry="160" fill="none" stroke="${metalFace(metal)}" stroke-width="34"/>`;
  svg += rimLight(0, 170, 152, 172, 150, 215, 6, 0.75) + rimLight(0, 170, 128, 148, 320, 380, 4, 0.4);
  if (gem !== 'none') {
    for (let a = 25; a <= 155; a += 10) {
      const p = ellipsePoint(0, 170, 140, 160, a);
      svg += roundGem(p.x, p.y, 11, gem);
    }
  }
  return { svg, top: 260, glints: [{ x: -120, y: 120 }, { x: 0, y: 330 }] };
}

function chandbali(metal: Metal, gem: Gem, accent: Gem) {
  const cy = 270;
  const R = 142;
  const r = 116;
  const d = 58;
  // The crescent: the big circle less a smaller one raised inside it.
  const yi = (r * r - R * R - d * d) / (2 * d);
  const xi = Math.sqrt(R * R - yi * yi);
  const crescent = `M${f(-xi)} ${f(cy + yi)}A${R} ${R} 0 1 0 ${f(xi)} ${f(cy + yi)}A${r} ${r} 0 1 1 ${f(-xi)} ${f(cy + yi)}Z`;
  let svg = setGem(0, 30, 20, stoneOr(gem, 'ruby'), metal) + bead(0, 70, 10, metal);
  svg += `<path d="M0 80Q-8 120 0 150" stroke="${metalFace(metal)}" stroke-width="6" fill="none"/>`;
  svg += `<path d="${crescent}" fill="${metalFace(metal)}" stroke="${metalEdge(metal)}" stroke-width="2"/>`;
  for (let a = 30; a <= 150; a += 15) {
    const o = ellipsePoint(0, cy, R + 22, R + 22, a);
    svg += pearl(o.x, o.y, 11);
  }
  for (let a = 35; a <= 145; a += 12) {
    const o = ellipsePoint(0, cy, R, R, a);
    const i = ellipsePoint(0, cy - d, r, r, a);
    svg += (a - 35) % 24 === 0 ? setGem((o.x + i.x) / 2, (o.y + i.y) / 2, 9, stoneOr(accent, 'emerald'), metal) : bead((o.x + i.x) / 2, (o.y + i.y) / 2, 7, metal);
  }
  svg += bead(0, 160, 14, metal) + setGem(0, 196, 16, stoneOr(gem, 'ruby'), metal);
  return { svg, top: 190, glints: [{ x: -100, y: 330 }, { x: 0, y: 30 }] };
}

function dropEarring(metal: Metal, gem: Gem) {
  const g = stoneOr(gem, 'sapphire');
  let svg = setGem(0, 30, 24, 'diamond', metal);
  for (let i = 0; i < 3; i++) {
    svg += `<ellipse cx="0" cy="${78 + i * 26}" rx="${i % 2 ? 4 : 9}" ry="14" fill="none" stroke="${metalFace(metal)}" stroke-width="5"/>`;
  }
  svg += dropFrame(0, 290, 132, 210, metal) + dropGem(0, 290, 112, 186, g);
  return { svg, top: 250, glints: [{ x: -20, y: 250 }, { x: 0, y: 30 }] };
}

function dropFrame(x: number, y: number, w: number, h: number, metal: Metal): string {
  const top = y - h / 2;
  const d =
    `M${f(x)} ${f(top)}C${f(x + w * 0.2)} ${f(top + h * 0.25)} ${f(x + w / 2)} ${f(y + h * 0.05)} ${f(x + w / 2)} ${f(y + h * 0.2)}` +
    `A${f(w / 2)} ${f(h * 0.3)} 0 0 1 ${f(x - w / 2)} ${f(y + h * 0.2)}` +
    `C${f(x - w / 2)} ${f(y + h * 0.05)} ${f(x - w * 0.2)} ${f(top + h * 0.25)} ${f(x)} ${f(top)}Z`;
  return `<path d="${d}" fill="${metalFace(metal)}" stroke="${metalEdge(metal)}" stroke-width="2"/>`;
}

// ---------------------------------------------------------------- necklaces

const NECK = { p0: { x: 140, y: 90 }, p1: { x: 170, y: 800 }, p2: { x: 830, y: 800 }, p3: { x: 860, y: 90 } };

function necklace(d: PieceDesign): Piece {
  switch (d.style) {
    case 'choker': return choker(d);
    case 'diamond': return diamondNecklace(d);
    case 'coins': return coinNecklace(d);
    case 'pearl': return pearlHaar(d);
    default: return templeNecklace(d);
  }
}

function cord(p0: Point, p1: Point, p2: Point, p3: Point, metal: Metal, width: number): string {
  return `<path d="M${p0.x} ${p0.y}C${p1.x} ${p1.y} ${p2.x} ${p2.y} ${p3.x} ${p3.y}" fill="none" stroke="${metalBack(metal)}" stroke-width="${width}" stroke-linecap="round"/>`;
}

function medallion(x: number, y: number, r: number, metal: Metal, gem: Gem, drop: Gem): string {
  let svg = dropFrame(x, y + r + 46, 60, 92, metal) + dropGem(x, y + r + 46, 46, 74, drop);
  svg += `<circle cx="${x}" cy="${y}" r="${r}" fill="${metalFace(metal)}" stroke="${metalEdge(metal)}" stroke-width="2"/>`;
  for (const p of polygonPoints(x, y, r - 12, 20)) svg += bead(p.x, p.y, 5.5, metal);
  for (const p of polygonPoints(x, y, r * 0.55, 8)) svg += `<ellipse cx="${f(p.x)}" cy="${f(p.y)}" rx="${f(r * 0.14)}" ry="${f(r * 0.22)}" transform="rotate(${f((Math.atan2(p.y - y, p.x - x) * 180) / Math.PI + 90)} ${f(p.x)} ${f(p.y)})" fill="${metalBack(metal)}"/>`;
  return svg + setGem(x, y, r * 0.3, gem, metal);
}

function templeNecklace(d: PieceDesign): Piece {
  const gem = stoneOr(d.gem, 'ruby');
  const points = alongCurve(NECK.p0, NECK.p1, NECK.p2, NECK.p3, 29).slice(3, -3);
  const middle = Math.floor(points.length / 2);
  let drops = '';
  let plates = '';
  points.forEach((p, i) => {
    if (Math.abs(i - middle) <= 1) return;
    drops += bead(p.x, p.y + 30, 7, d.metal) + dropFrame(p.x, p.y + 62, 24, 38, d.metal) + dropGem(p.x, p.y + 63, 15, 26, i % 2 ? stoneOr(d.accent ?? 'emerald', 'emerald') : gem);
    plates +=
      `<ellipse cx="${f(p.x)}" cy="${f(p.y)}" rx="25" ry="20" transform="rotate(${f(p.angle)} ${f(p.x)} ${f(p.y)})" fill="${metalFace(d.metal)}" stroke="${metalEdge(d.metal)}" stroke-width="1.5"/>` +
      roundGem(p.x, p.y, 10, gem);
  });
  const c = points[middle];
  const svg = cord(NECK.p0, NECK.p1, NECK.p2, NECK.p3, d.metal, 12) + drops + plates + medallion(c.x, c.y + 40, 62, d.metal, gem, stoneOr(d.accent ?? 'emerald', 'emerald'));
  return { svg, focus: { x: c.x, y: c.y + 60 }, glints: [{ x: c.x, y: c.y + 40 }, points[4], points[points.length - 6]] };
}

function choker(d: PieceDesign): Piece {
  const p = { p0: { x: 170, y: 170 }, p1: { x: 200, y: 700 }, p2: { x: 800, y: 700 }, p3: { x: 830, y: 170 } };
  const points = alongCurve(p.p0, p.p1, p.p2, p.p3, 25).slice(2, -2);
  const accent = stoneOr(d.accent ?? 'emerald', 'emerald');
  let hanging = '';
  let settings = '';
  for (const q of points) {
    const nx = -Math.sin((q.angle * Math.PI) / 180);
    const ny = Math.cos((q.angle * Math.PI) / 180);
    hanging += pearl(q.x + nx * 40, q.y + ny * 40, 8) + roundGem(q.x + nx * 62, q.y + ny * 62 + 6, 11, accent);
    settings +=
      `<rect x="${f(q.x - 24)}" y="${f(q.y - 24)}" width="48" height="48" rx="8" transform="rotate(${f(q.angle)} ${f(q.x)} ${f(q.y)})" fill="${metalFace(d.metal)}" stroke="${metalEdge(d.metal)}" stroke-width="2"/>` +
      roundGem(q.x, q.y, 15, stoneOr(d.gem, 'diamond'));
  }
  const m = points[Math.floor(points.length / 2)];
  return { svg: cord(p.p0, p.p1, p.p2, p.p3, d.metal, 10) + hanging + settings, focus: m, glints: [m, points[3], points[points.length - 4]] };
}

function diamondNecklace(d: PieceDesign): Piece {
  const points = alongCurve(NECK.p0, NECK.p1, NECK.p2, NECK.p3, 37);
  const centre = (points.length - 1) / 2;
  let svg = `<path d="M${NECK.p0.x} ${NECK.p0.y}C${NECK.p1.x} ${NECK.p1.y} ${NECK.p2.x} ${NECK.p2.y} ${NECK.p3.x} ${NECK.p3.y}" fill="none" stroke="${metalFace(d.metal)}" stroke-width="5" stroke-dasharray="9 3"/>`;
  const gem = stoneOr(d.gem, 'diamond');
  points.forEach((p, i) => {
    const k = 1 - Math.abs(i - centre) / centre;
    if (k < 0.28) return;
    svg += prongGem(p.x, p.y, 7 + 15 * k ** 1.6, gem, d.metal);
  });
  const c = points[Math.round(centre)];
  svg += `<circle cx="${f(c.x)}" cy="${f(c.y + 78)}" r="52" fill="${metalFace(d.metal)}"/>`;
  for (const p of polygonPoints(c.x, c.y + 78, 42, 12)) svg += roundGem(p.x, p.y, 9, 'diamond');
  svg += dropGem(c.x, c.y + 80, 52, 76, stoneOr(d.accent ?? gem, gem));
  return { svg, focus: { x: c.x, y: c.y + 50 }, glints: [{ x: c.x, y: c.y + 70 }, points[12], points[24]] };
}

function coinNecklace(d: PieceDesign): Piece {
  const points = alongCurve(NECK.p0, NECK.p1, NECK.p2, NECK.p3, 33).slice(2, -2);
  let svg = cord(NECK.p0, NECK.p1, NECK.p2, NECK.p3, d.metal, 9);
  // Draw from both ends towards the middle so the middle coins lie on top.
  const order = points.map((_, i) => i).sort((a, b) => Math.abs(b - points.length / 2) - Math.abs(a - points.length / 2));
  for (const i of order) {
    const p = points[i];
    const x = p.x;
    const y = p.y + 30;
    svg +=
      `<circle cx="${f(x)}" cy="${f(p.y + 2)}" r="7" fill="none" stroke="${metalFace(d.metal)}" stroke-width="4"/>` +
      `<circle cx="${f(x)}" cy="${f(y)}" r="30" fill="${metalFace(d.metal)}" stroke="${metalEdge(d.metal)}" stroke-width="2"/>` +
      `<circle cx="${f(x)}" cy="${f(y)}" r="22" fill="none" stroke="${metalDeep(d.metal)}" stroke-opacity=".55" stroke-width="2.5"/>` +
      `<path d="M${f(x)} ${f(y - 13)}L${f(x + 9)} ${f(y + 9)}L${f(x - 9)} ${f(y + 9)}Z" fill="${metalBack(d.metal)}"/>` +
      `<circle cx="${f(x)}" cy="${f(y - 15)}" r="4" fill="${metalBack(d.metal)}"/>`;
  }
  const m = points[Math.floor(points.length / 2)];
  if (d.gem !== 'none') svg += medallion(m.x, m.y + 80, 48, d.metal, d.gem, d.gem);
  return { svg, focus: { x: m.x, y: m.y + 30 }, glints: [{ x: m.x - 8, y: m.y + 20 }, points[6], points[points.length - 7]] };
}

function pearlHaar(d: PieceDesign): Piece {
  let svg = '';
  let bottom: Point = { x: 500, y: 700 };
  [680, 800, 920].forEach((depth, strand) => {
    const r = 11 + strand;
    const p1 = { x: 180, y: depth };
    const p2 = { x: 820, y: depth };
    const count = Math.round(curveLength(NECK.p0, p1, p2, NECK.p3) / (2 * r + 1));
    alongCurve(NECK.p0, p1, p2, NECK.p3, count).forEach((p, i) => {
      svg += i % 8 === 4 ? bead(p.x, p.y, r * 0.8, d.metal) : pearl(p.x, p.y, r);
      if (strand === 2 && i === Math.floor(count / 2)) bottom = p;
    });
  });
  svg += medallion(bottom.x, bottom.y + 58, 56, d.metal, stoneOr(d.accent ?? 'ruby', 'ruby'), 'emerald');
  return { svg, focus: { x: bottom.x, y: bottom.y + 40 }, glints: [{ x: bottom.x, y: bottom.y + 58 }] };
}

function curveLength(p0: Point, p1: Point, p2: Point, p3: Point): number {
  const pts = alongCurve(p0, p1, p2, p3, 64);
  let sum = 0;
  for (let i = 1; i < pts.length; i++) sum += Math.hypot(pts[i].x - pts[i - 1].x, pts[i].y - pts[i - 1].y);
  return sum;
}

// ---------------------------------------------------------------- bangles

/** A bangle lying at an angle: top face, the outer side wall, and the far inner wall through the middle. */
function bangleBody(cx: number, cy: number, rx: number, ry: number, width: number, height: number, metal: Metal): string {
  const irx = rx - width;
  const iry = ry - width * (ry / rx) * 0.9;
  return (
    `<path d="${ellipsePath(cx, cy, irx, iry)}${ellipsePath(cx, cy + height, irx, iry)}" fill-rule="evenodd" fill="${metalBack(metal)}"/>` +
    `<path d="M${f(cx - rx)} ${cy}A${rx} ${ry} 0 0 0 ${f(cx + rx)} ${cy}L${f(cx + rx)} ${cy + height}A${rx} ${ry} 0 0 1 ${f(cx - rx)} ${cy + height}Z" fill="${metalFace(metal)}" stroke="${metalEdge(metal)}" stroke-width="2"/>` +
    `<path d="${ellipsePath(cx, cy, rx, ry)}${ellipsePath(cx, cy, irx, iry)}" fill-rule="evenodd" fill="${metalFace(metal)}" stroke="${metalEdge(metal)}" stroke-width="2"/>` +
    rimLight(cx, cy, rx - 4, ry - 3, 190, 240, 5, 0.7) +
    rimLight(cx, cy + height - 4, rx, ry, 60, 120, 4, 0.35)
  );
}

function bangle(d: PieceDesign): Piece {
  const cx = 500;
  const cy = 450;
  const rx = 330;
  const ry = 160;
  const width = d.style === 'kada' || d.style === 'jaal' ? 62 : 48;
  const height = d.style === 'kada' ? 84 : 64;
  const glints: Point[] = [ellipsePoint(cx, cy, rx, ry, 215), ellipsePoint(cx, cy + height / 2, rx, ry, 70)];
  if (d.style === 'pair') {
    let svg = '';
    for (const y of [cy - 70, cy + 60]) {
      svg += bangleBody(cx, y, rx, ry, 40, 38, d.metal);
      svg += sideGrooves(cx, y, rx, ry, 38, d.metal);
      svg += nakshiSide(cx, y, rx, ry, 38, d.metal);
    }
    return { svg, focus: { x: cx, y: cy + 60 + ry }, glints: [ellipsePoint(cx, cy + 60, rx, ry, 220), ellipsePoint(cx, cy - 70, rx, ry, 300)] };
  }
  let svg = bangleBody(cx, cy, rx, ry, width, height, d.metal);
  const mid = { rx: rx - width / 2, ry: ry - (width / 2) * (ry / rx) * 0.9 };
  switch (d.style) {
    case 'kada':
      for (let a = 0; a < 360; a += 15) {
        const p = ellipsePoint(cx, cy, mid.rx, mid.ry, a);
        svg += setGem(p.x, p.y, 14, stoneOr(d.gem, 'ruby'), d.metal);
      }
      for (let a = 8; a <= 172; a += 8) {
        const p = ellipsePoint(cx, cy + height / 2, rx, ry, a);
        svg += bead(p.x, p.y, 6, d.metal);
      }
      glints.push(ellipsePoint(cx, cy, mid.rx, mid.ry, 100));
      break;
    case 'nakshi':
      svg += nakshiSide(cx, cy, rx, ry, height, d.metal);
      for (let a = 0; a < 360; a += 6) {
        const p = ellipsePoint(cx, cy, mid.rx, mid.ry, a);
        svg += bead(p.x, p.y, 5, d.metal);
      }
      break;
    case 'twist': {
      let stripes = '';
      for (let a = 0; a <= 180; a += 6) {
        const b = ellipsePoint(cx, cy + height, rx, ry, a);
        const t = ellipsePoint(cx, cy, rx, ry, a + 5);
        stripes += `M${f(b.x)} ${f(b.y)}L${f(t.x)} ${f(t.y)}`;
      }
      let face = '';
      for (let a = 0; a < 360; a += 5) {
        const o = ellipsePoint(cx, cy, rx - 3, ry - 2, a);
        const i = ellipsePoint(cx, cy, rx - width + 3, ry - width * 0.44, a + 4);
        face += `M${f(o.x)} ${f(o.y)}L${f(i.x)} ${f(i.y)}`;
      }
      svg += `<path d="${stripes}" stroke="#fff" stroke-opacity=".45" stroke-width="5"/><path d="${face}" stroke="${metalDeep(d.metal)}" stroke-opacity=".35" stroke-width="4"/>`;
      break;
    }
    case 'jaal':
      for (let a = 0; a < 360; a += 10) {
        const p = ellipsePoint(cx, cy, mid.rx, mid.ry, a);
        svg += `<rect x="${f(p.x - 13)}" y="${f(p.y - 13)}" width="26" height="26" transform="rotate(45 ${f(p.x)} ${f(p.y)}) scale(1)" fill="none" stroke="${metalDeep(d.metal)}" stroke-opacity=".6" stroke-width="3"/>`;
        svg += d.gem !== 'none' && a % 20 === 0 ? roundGem(p.x, p.y, 8, d.gem) : bead(p.x, p.y, 5, d.metal);
      }
      svg += nakshiSide(cx, cy, rx, ry, height, d.metal);
      break;
    default:
      svg += sideGrooves(cx, cy, rx, ry, height, d.metal);
  }
  return { svg, focus: { x: cx, y: cy + ry }, glints };
}

function sideGrooves(cx: number, cy: number, rx: number, ry: number, height: number, metal: Metal): string {
  return [height / 3, (2 * height) / 3]
    .map((h) => `<path d="M${f(cx - rx)} ${f(cy + h)}A${rx} ${ry} 0 0 0 ${f(cx + rx)} ${f(cy + h)}" fill="none" stroke="${metalDeep(metal)}" stroke-opacity=".4" stroke-width="3"/>`)
    .join('');
}

function nakshiSide(cx: number, cy: number, rx: number, ry: number, height: number, metal: Metal): string {
  let lines = '';
  let dots = '';
  for (let a = 6; a <= 174; a += 6) {
    const top = ellipsePoint(cx, cy + 8, rx, ry, a);
    const low = ellipsePoint(cx, cy + height - 8, rx, ry, a);
    if ((a / 6) % 2) lines += `M${f(top.x)} ${f(top.y)}L${f(low.x)} ${f(low.y)}`;
    else dots += `<circle cx="${f((top.x + low.x) / 2)}" cy="${f((top.y + low.y) / 2)}" r="4" fill="${metalDeep(metal)}" fill-opacity=".55"/>`;
  }
  return `<path d="${lines}" stroke="${metalDeep(metal)}" stroke-opacity=".5" stroke-width="3"/>${dots}`;
}

// ---------------------------------------------------------------- pendants

function fineChain(p0: Point, p1: Point, p2: Point, p3: Point, metal: Metal, links: number): string {
  let svg = '';
  alongCurve(p0, p1, p2, p3, links).forEach((p, i) => {
    svg += `<ellipse cx="${f(p.x)}" cy="${f(p.y)}" rx="7" ry="${i % 2 ? 1.8 : 4}" transform="rotate(${f(p.angle)} ${f(p.x)} ${f(p.y)})" fill="none" stroke="${metalFace(metal)}" stroke-width="2.6"/>`;
  });
  return svg;
}

function vChain(bottom: Point, metal: Metal, spread = 250): string {
  const left = fineChain({ x: bottom.x - spread, y: -10 }, { x: bottom.x - spread + 30, y: bottom.y * 0.6 }, { x: bottom.x - 70, y: bottom.y - 10 }, bottom, metal, 70);
  const right = fineChain(bottom, { x: bottom.x + 70, y: bottom.y - 10 }, { x: bottom.x + spread - 30, y: bottom.y * 0.6 }, { x: bottom.x + spread, y: -10 }, metal, 70);
  return left + right;
}

function bail(x: number, y: number, metal: Metal): string {
  return `<rect x="${x - 13}" y="${y - 6}" width="26" height="44" rx="13" fill="${metalFace(metal)}" stroke="${metalEdge(metal)}" stroke-width="2"/><rect x="${x - 5}" y="${y + 2}" width="10" height="20" rx="5" fill="${metalDeep(metal)}" fill-opacity=".6"/>`;
}

/** A pendant on a fine chain; the pendant is drawn larger than life so it reads in a small card. */
function pendant(d: PieceDesign): Piece {
  const top = { x: 500, y: 430 };
  const chainSvg = vChain(top, d.metal);
  let svg = bail(500, top.y, d.metal);
  const cy = 610;
  const gem = stoneOr(d.gem, 'ruby');
  const glints: Point[] = [{ x: 500, y: cy }];
  switch (d.style) {
    case 'heart': {
      const heart = (s: number) =>
        `M500 ${f(cy - 55 * s)}C500 ${f(cy - 95 * s)} ${f(500 - 40 * s)} ${f(cy - 140 * s)} ${f(500 - 90 * s)} ${f(cy - 140 * s)}` +
        `C${f(500 - 150 * s)} ${f(cy - 140 * s)} ${f(500 - 170 * s)} ${f(cy - 80 * s)} ${f(500 - 170 * s)} ${f(cy - 55 * s)}` +
        `C${f(500 - 170 * s)} ${f(cy + 20 * s)} ${f(500 - 90 * s)} ${f(cy + 80 * s)} 500 ${f(cy + 150 * s)}` +
        `C${f(500 + 90 * s)} ${f(cy + 80 * s)} ${f(500 + 170 * s)} ${f(cy + 20 * s)} ${f(500 + 170 * s)} ${f(cy - 55 * s)}` +
        `C${f(500 + 170 * s)} ${f(cy - 80 * s)} ${f(500 + 150 * s)} ${f(cy - 140 * s)} ${f(500 + 90 * s)} ${f(cy - 140 * s)}` +
        `C${f(500 + 40 * s)} ${f(cy - 140 * s)} 500 ${f(cy - 95 * s)} 500 ${f(cy - 55 * s)}Z`;
      svg += `<path d="${heart(0.78)}" fill="${metalFace(d.metal)}" stroke="${metalEdge(d.metal)}" stroke-width="2"/>`;
      svg += `<path d="${heart(0.6)}" fill="none" stroke="${metalDeep(d.metal)}" stroke-opacity=".5" stroke-width="3" transform="translate(0 -8)"/>`;
      if (d.gem !== 'none') svg += prongGem(500, cy - 12, 24, gem, d.metal, 6);
      break;
    }
    case 'drop':
      svg += dropFrame(500, cy + 20, 170, 260, d.metal) + dropGem(500, cy + 22, 140, 226, gem);
      break;
    case 'lotus': {
      for (const a of [-72, -48, -24, 0, 24, 48, 72]) {
        const rad = ((a - 90) * Math.PI) / 180;
        const px = 500 + Math.cos(rad) * 70;
        const py = cy + 60 + Math.sin(rad) * 70;
        svg += `<ellipse cx="${f(px)}" cy="${f(py)}" rx="30" ry="74" transform="rotate(${a} ${f(px)} ${f(py)})" fill="${metalFace(d.metal)}" stroke="${metalEdge(d.metal)}" stroke-width="2"/>`;
        svg += `<path d="M500 ${cy + 60}L${f(500 + Math.cos(rad) * 120)} ${f(cy + 60 + Math.sin(rad) * 120)}" stroke="${metalDeep(d.metal)}" stroke-opacity=".45" stroke-width="3"/>`;
      }
      svg += `<path d="M390 ${cy + 70}Q500 ${cy + 170} 610 ${cy + 70}Q500 ${cy + 110} 390 ${cy + 70}Z" fill="${metalFace(d.metal)}" stroke="${metalEdge(d.metal)}" stroke-width="2"/>`;
      svg += setGem(500, cy + 40, 22, gem, d.metal);
      glints[0] = { x: 500, y: cy + 40 };
      break;
    }
    case 'coin': {
      svg += `<circle cx="500" cy="${cy}" r="112" fill="${metalFace(d.metal)}" stroke="${metalEdge(d.metal)}" stroke-width="2"/>`;
      for (const p of polygonPoints(500, cy, 100, 44)) svg += bead(p.x, p.y, 5, d.metal);
      svg += `<circle cx="500" cy="${cy}" r="86" fill="none" stroke="${metalDeep(d.metal)}" stroke-opacity=".5" stroke-width="3"/>`;
      for (const p of polygonPoints(500, cy, 44, 8)) {
        svg += `<ellipse cx="${f(p.x)}" cy="${f(p.y)}" rx="14" ry="34" transform="rotate(${f((Math.atan2(p.y - cy, p.x - 500) * 180) / Math.PI + 90)} ${f(p.x)} ${f(p.y)})" fill="${metalBack(d.metal)}"/>`;
      }
      svg += d.gem === 'none' ? bead(500, cy, 18, d.metal) : setGem(500, cy, 16, d.gem, d.metal);
      break;
    }
    case 'evileye':
      svg += `<circle cx="500" cy="${cy}" r="96" fill="${metalFace(d.metal)}" stroke="${metalEdge(d.metal)}" stroke-width="2"/>`;
      for (const p of polygonPoints(500, cy, 86, 18)) svg += roundGem(p.x, p.y, 7, 'diamond');
      svg += `<circle cx="500" cy="${cy}" r="74" fill="url(#gem-sapphire)"/><circle cx="500" cy="${cy}" r="48" fill="#f7f9ff"/>` +
        `<circle cx="500" cy="${cy}" r="30" fill="#4d86e8"/><circle cx="500" cy="${cy}" r="15" fill="#0b1230"/>` +
        `<ellipse cx="474" cy="${cy - 30}" rx="20" ry="9" transform="rotate(-30 474 ${cy - 30})" fill="#fff" fill-opacity=".75"/>`;
      break;
    default:
      svg += `<path d="M470 ${top.y + 36}L530 ${top.y + 36}L515 ${cy - 40}L485 ${cy - 40}Z" fill="${metalFace(d.metal)}"/>`;
      svg += prongGem(500, cy - 20, 58, stoneOr(d.gem, 'diamond'), d.metal, 6);
  }
  const enlarge = `translate(500 ${top.y}) scale(1.4) translate(-500 ${-top.y})`;
  const at = (p: Point) => ({ x: 500 + (p.x - 500) * 1.4, y: top.y + (p.y - top.y) * 1.4 });
  return { svg: `${chainSvg}<g transform="${enlarge}">${svg}</g>`, focus: at({ x: 500, y: cy }), glints: glints.map(at) };
}

// ---------------------------------------------------------------- chains

function chain(d: PieceDesign): Piece {
  const p0 = { x: 150, y: -30 };
  const p1 = { x: 170, y: 1060 };
  const p2 = { x: 830, y: 1060 };
  const p3 = { x: 850, y: -30 };
  const length = curveLength(p0, p1, p2, p3);
  const face = metalFace(d.metal);
  const edge = metalEdge(d.metal);
  const rot = (p: { x: number; y: number; angle: number }, extra = 0) => `transform="rotate(${f(p.angle + extra)} ${f(p.x)} ${f(p.y)})"`;
  let svg = '';
  const links = (spacing: number) => alongCurve(p0, p1, p2, p3, Math.round(length / spacing));
  switch (d.style) {
    case 'rope':
      for (const p of links(9)) svg += `<ellipse cx="${f(p.x)}" cy="${f(p.y)}" rx="15" ry="7" ${rot(p, 52)} fill="${face}" stroke="${edge}" stroke-width="1"/>`;
      break;
    case 'box':
      for (const p of links(21)) {
        svg += `<rect x="${f(p.x - 10)}" y="${f(p.y - 10)}" width="20" height="20" rx="2" ${rot(p)} fill="${face}" stroke="${edge}" stroke-width="1.5"/>`;
        svg += `<rect x="${f(p.x - 4)}" y="${f(p.y - 4)}" width="8" height="8" ${rot(p)} fill="${metalDeep(d.metal)}" fill-opacity=".7"/>`;
      }
      break;
    case 'figaro': {
      const pts = links(12);
      const pattern = [2, 2, 2, 4];
      for (let i = 0, k = 0; i + pattern[k % 4] < pts.length; i += pattern[k % 4], k++) {
        const a = pts[i];
        const b = pts[i + pattern[k % 4]];
        const m = { x: (a.x + b.x) / 2, y: (a.y + b.y) / 2, angle: a.angle };
        const rx = pattern[k % 4] === 4 ? 26 : 14;
        svg += `<ellipse cx="${f(m.x)}" cy="${f(m.y)}" rx="${rx}" ry="8.5" ${rot(m)} fill="none" stroke="${face}" stroke-width="6.5"/>`;
      }
      break;
    }
    case 'curb':
      links(19).forEach((p, i) => {
        svg += `<ellipse cx="${f(p.x)}" cy="${f(p.y)}" rx="17" ry="11" ${rot(p, i % 2 ? 24 : -24)} fill="none" stroke="${edge}" stroke-width="9"/>`;
        svg += `<ellipse cx="${f(p.x)}" cy="${f(p.y)}" rx="17" ry="11" ${rot(p, i % 2 ? 24 : -24)} fill="none" stroke="${face}" stroke-width="7"/>`;
      });
      break;
    case 'wheat':
      for (const p of links(13)) {
        svg += `<ellipse cx="${f(p.x)}" cy="${f(p.y)}" rx="11" ry="5" ${rot(p, 38)} fill="${face}" stroke="${edge}" stroke-width="1"/>`;
        svg += `<ellipse cx="${f(p.x)}" cy="${f(p.y)}" rx="11" ry="5" ${rot(p, -38)} fill="${face}" stroke="${edge}" stroke-width="1"/>`;
      }
      break;
    default:
      links(20).forEach((p, i) => {
        svg += i % 2
          ? `<ellipse cx="${f(p.x)}" cy="${f(p.y)}" rx="15" ry="3.5" ${rot(p)} fill="${face}"/>`
          : `<ellipse cx="${f(p.x)}" cy="${f(p.y)}" rx="15" ry="9" ${rot(p)} fill="none" stroke="${face}" stroke-width="6"/>`;
      });
  }
  const low = alongCurve(p0, p1, p2, p3, 3)[1];
  return { svg, focus: { x: low.x, y: low.y - 40 }, glints: [{ x: low.x - 80, y: low.y - 8 }, { x: 260, y: 500 }] };
}

// ---------------------------------------------------------------- mangalsutra

function mangalsutra(d: PieceDesign): Piece {
  const bottom = { x: 500, y: 620 };
  let svg = '';
  for (const offset of [0, 9]) {
    const left = alongCurve({ x: 210, y: -20 }, { x: 240, y: 420 }, { x: 380, y: 600 + offset }, { x: bottom.x, y: bottom.y + offset }, 44);
    const right = alongCurve({ x: bottom.x, y: bottom.y + offset }, { x: 620, y: 600 + offset }, { x: 760, y: 420 }, { x: 790, y: -20 }, 44);
    [...left, ...right].forEach((p, i) => {
      const x = p.x + (offset ? 7 : 0);
      svg += i % 7 === 3 ? bead(x, p.y, 9, d.metal) : blackBead(x, p.y, 8);
    });
  }
  const cy = 720;
  let pendantSvg = bail(500, 626, d.metal);
  if (d.style === 'vati') {
    for (const x of [446, 554]) {
      pendantSvg += `<circle cx="${x}" cy="${cy}" r="52" fill="${metalBead(d.metal)}" stroke="${metalEdge(d.metal)}" stroke-width="2"/>`;
      pendantSvg += `<circle cx="${x}" cy="${cy}" r="38" fill="none" stroke="${metalDeep(d.metal)}" stroke-opacity=".45" stroke-width="3"/>`;
      for (const p of polygonPoints(x, cy, 46, 16)) pendantSvg += bead(p.x, p.y, 3.6, d.metal);
    }
    pendantSvg += `<rect x="470" y="${cy - 78}" width="60" height="18" rx="9" fill="${metalFace(d.metal)}"/>`;
    pendantSvg += d.gem === 'none' ? bead(500, cy - 70, 12, d.metal) : setGem(500, cy - 70, 11, d.gem, d.metal);
  } else if (d.style === 'diamond') {
    const hex = polygonPoints(500, cy, 86, 6, 30);
    pendantSvg += `<polygon points="${hex.map((p) => `${f(p.x)},${f(p.y)}`).join(' ')}" fill="${metalFace(d.metal)}" stroke="${metalEdge(d.metal)}" stroke-width="2"/>`;
    pendantSvg += roundGem(500, cy, 11, 'diamond');
    for (const ringR of [24, 48]) for (const p of polygonPoints(500, cy, ringR, ringR === 24 ? 6 : 12, 30)) pendantSvg += roundGem(p.x, p.y, 10, stoneOr(d.gem, 'diamond'));
  } else {
    pendantSvg += prongGem(500, cy - 20, 36, stoneOr(d.gem, 'diamond'), d.metal, 6);
  }
  // The pendant is the point of a mangalsutra: shown a little larger than life.
  svg += `<g transform="translate(500 626) scale(1.3) translate(-500 -626)">${pendantSvg}</g>`;
  const focusY = 626 + (cy - 20 - 626) * 1.3;
  return { svg, focus: { x: 500, y: focusY }, glints: [{ x: 500, y: focusY + 10 }, { x: 300, y: 380 }] };
}

// ---------------------------------------------------------------- nose pins

function nosePin(d: PieceDesign): Piece {
  const cx = 500;
  const cy = 450;
  const gem = stoneOr(d.gem, 'diamond');
  // The wire that goes through the nose, seen curving away behind the head.
  let svg = `<path d="M${cx + 8} ${cy + 40}Q${cx + 70} ${cy + 240} ${cx + 180} ${cy + 330}" fill="none" stroke="${metalEdge(d.metal)}" stroke-width="17" stroke-linecap="round"/>` +
    `<path d="M${cx + 8} ${cy + 40}Q${cx + 70} ${cy + 240} ${cx + 180} ${cy + 330}" fill="none" stroke="${metalFace(d.metal)}" stroke-width="13" stroke-linecap="round"/>` +
    bead(cx + 184, cy + 334, 15, d.metal);
  const glints: Point[] = [{ x: cx - 20, y: cy - 20 }];
  switch (d.style) {
    case 'star': {
      for (let i = 0; i < 6; i++) {
        const [tip, left, right] = [polygonPoints(cx, cy, 200, 6)[i], polygonPoints(cx, cy, 92, 6, -30)[i], polygonPoints(cx, cy, 92, 6, 30)[i]];
        svg += `<polygon points="${f(cx)},${f(cy)} ${f(left.x)},${f(left.y)} ${f(tip.x)},${f(tip.y)}" fill="${metalFace(d.metal)}"/>`;
        svg += `<polygon points="${f(cx)},${f(cy)} ${f(tip.x)},${f(tip.y)} ${f(right.x)},${f(right.y)}" fill="${metalBack(d.metal)}"/>`;
        svg += roundGem(cx + (tip.x - cx) * 0.72, cy + (tip.y - cy) * 0.72, 12, gem);
      }
      svg += prongGem(cx, cy, 50, gem, d.metal, 6);
      break;
    }
    case 'solitaire':
      svg += d.gem === 'none' ? bead(cx, cy, 120, d.metal) : `<circle cx="${cx}" cy="${cy}" r="128" fill="${metalFace(d.metal)}"/>` + prongGem(cx, cy, 112, gem, d.metal, 6);
      break;
    case 'nath': {
      svg = `<ellipse cx="${cx}" cy="${cy + 30}" rx="250" ry="262" fill="none" stroke="${metalEdge(d.metal)}" stroke-width="20"/>` +
        `<ellipse cx="${cx}" cy="${cy + 30}" rx="250" ry="262" fill="none" stroke="${metalFace(d.metal)}" stroke-width="16"/>` +
        rimLight(cx, cy + 30, 256, 268, 200, 250, 4, 0.7);
      for (let a = 110; a <= 170; a += 12) {
        const p = ellipsePoint(cx, cy + 30, 250, 262, a);
        svg += a % 24 === 14 ? roundGem(p.x, p.y, 15, 'ruby') : pearl(p.x, p.y, 18);
      }
      const b = ellipsePoint(cx, cy + 30, 250, 262, 60);
      svg += setGem(b.x, b.y, 30, 'diamond', d.metal);
      for (const p of polygonPoints(b.x, b.y, 56, 8)) svg += pearl(p.x, p.y, 14);
      glints[0] = { x: b.x, y: b.y };
      break;
    }
    case 'leaf': {
      const leaf = (s: number) => `M${cx} ${f(cy - 200 * s)}C${f(cx + 150 * s)} ${f(cy - 110 * s)} ${f(cx + 160 * s)} ${f(cy + 110 * s)} ${cx} ${f(cy + 210 * s)}C${f(cx - 160 * s)} ${f(cy + 110 * s)} ${f(cx - 150 * s)} ${f(cy - 110 * s)} ${cx} ${f(cy - 200 * s)}Z`;
      svg += `<g transform="rotate(-28 ${cx} ${cy})"><path d="${leaf(1)}" fill="${metalFace(d.metal)}" stroke="${metalEdge(d.metal)}" stroke-width="2"/>` +
        `<path d="${leaf(0.8)}" fill="url(#gem-${gem === 'pearl' ? 'emerald' : gem})"/>` +
        `<path d="M${cx} ${cy - 150}L${cx} ${cy + 160}M${cx} ${cy - 40}L${cx + 60} ${cy - 100}M${cx} ${cy + 30}L${cx - 62} ${cy - 30}M${cx} ${cy + 90}L${cx + 56} ${cy + 40}" stroke="#fff" stroke-opacity=".45" stroke-width="5"/>`;
      for (let i = 0; i < 10; i++) {
        const t = (i + 0.5) / 10;
        const side = i % 2 ? 1 : -1;
        const y = cy - 200 * 0.9 + t * 400 * 0.9;
        const x = cx + side * Math.sin(Math.PI * t) * 122;
        svg += roundGem(x, y, 9, 'diamond');
      }
      svg += '</g>';
      break;
    }
    default: {
      for (const p of polygonPoints(cx, cy, 96, 8, 22.5)) svg += `<circle cx="${f(p.x)}" cy="${f(p.y)}" r="56" fill="${metalFace(d.metal)}" stroke="${metalEdge(d.metal)}" stroke-width="2"/>`;
      for (const p of polygonPoints(cx, cy, 96, 8, 22.5)) svg += prongGem(p.x, p.y, 40, gem, d.metal);
      svg += prongGem(cx, cy, 54, gem, d.metal, 6);
    }
  }
  return { svg, focus: { x: cx, y: cy }, glints };
}

// ---------------------------------------------------------------- bracelets

/** Places items around a bracelet lying flat: back half first, the front half over it. */
function aroundBracelet(rx: number, ry: number, count: number, draw: (p: Point, angle: number, scale: number, i: number) => string): string {
  const cx = 500;
  const cy = 470;
  const back: string[] = [];
  const front: string[] = [];
  for (let i = 0; i < count; i++) {
    const a = (i / count) * 360;
    const p = ellipsePoint(cx, cy, rx, ry, a);
    const rad = (a * Math.PI) / 180;
    const angle = (Math.atan2(ry * Math.cos(rad), -rx * Math.sin(rad)) * 180) / Math.PI;
    const scale = 0.82 + 0.18 * (Math.sin(rad) + 1) / 2;
    (Math.sin(rad) < 0 ? back : front).push(draw(p, angle, scale, i));
  }
  return back.join('') + front.join('');
}

function bracelet(d: PieceDesign): Piece {
  const gem = stoneOr(d.gem, 'diamond');
  const m = d.metal;
  let svg = '';
  const glints: Point[] = [{ x: 500, y: 640 }, { x: 230, y: 420 }];
  switch (d.style) {
    case 'link':
      svg = aroundBracelet(310, 175, 30, (p, a, s, i) =>
        `<ellipse cx="${f(p.x)}" cy="${f(p.y)}" rx="${f(28 * s)}" ry="${f((i % 2 ? 11 : 17) * s)}" transform="rotate(${f(a + (i % 2 ? 0 : 8))} ${f(p.x)} ${f(p.y)})" fill="none" stroke="${metalEdge(m)}" stroke-width="${f(11 * s)}"/>` +
        `<ellipse cx="${f(p.x)}" cy="${f(p.y)}" rx="${f(28 * s)}" ry="${f((i % 2 ? 11 : 17) * s)}" transform="rotate(${f(a + (i % 2 ? 0 : 8))} ${f(p.x)} ${f(p.y)})" fill="none" stroke="${metalFace(m)}" stroke-width="${f(8.5 * s)}"/>`);
      break;
    case 'charm':
    case 'infinity': {
      svg = aroundBracelet(300, 165, 80, (p, a, s, i) =>
        `<ellipse cx="${f(p.x)}" cy="${f(p.y)}" rx="${f(10 * s)}" ry="${f((i % 2 ? 2.5 : 6) * s)}" transform="rotate(${f(a)} ${f(p.x)} ${f(p.y)})" fill="none" stroke="${metalFace(m)}" stroke-width="${f(3.6 * s)}"/>`);
      if (d.style === 'charm') {
        const charms = [40, 65, 90, 115, 140];
        charms.forEach((deg, i) => {
          const p = ellipsePoint(500, 470, 300, 165, deg);
          svg += `<path d="M${f(p.x)} ${f(p.y)}L${f(p.x)} ${f(p.y + 26)}" stroke="${metalFace(m)}" stroke-width="4"/>`;
          const y = p.y + 56;
          svg += [
            `<path d="M${f(p.x)} ${f(y + 30)}C${f(p.x - 44)} ${f(y)} ${f(p.x - 30)} ${f(y - 30)} ${f(p.x)} ${f(y - 12)}C${f(p.x + 30)} ${f(y - 30)} ${f(p.x + 44)} ${f(y)} ${f(p.x)} ${f(y + 30)}Z" fill="${metalFace(m)}" stroke="${metalEdge(m)}" stroke-width="2"/>`,
            `<polygon points="${polygonPoints(p.x, y, 32, 10).map((q, k) => (k % 2 ? { x: p.x + (q.x - p.x) * 0.45, y: y + (q.y - y) * 0.45 } : q)).map((q) => `${f(q.x)},${f(q.y)}`).join(' ')}" fill="${metalFace(m)}" stroke="${metalEdge(m)}" stroke-width="2"/>`,
            setGem(p.x, y, 20, d.gem === 'none' ? 'ruby' : gem, m),
            `<circle cx="${f(p.x)}" cy="${f(y)}" r="28" fill="${metalFace(m)}" stroke="${metalEdge(m)}" stroke-width="2"/><circle cx="${f(p.x)}" cy="${f(y)}" r="19" fill="none" stroke="${metalDeep(m)}" stroke-opacity=".5" stroke-width="3"/>`,
            dropFrame(p.x, y + 4, 36, 56, m) + dropGem(p.x, y + 5, 24, 42, d.gem === 'none' ? 'emerald' : gem),
          ][i];
        });
      } else {
        const c = ellipsePoint(500, 470, 300, 165, 90);
        const loop = (sign: number) => `M${f(c.x)} ${f(c.y)}C${f(c.x + sign * 40)} ${f(c.y - 60)} ${f(c.x + sign * 120)} ${f(c.y - 60)} ${f(c.x + sign * 120)} ${f(c.y)}C${f(c.x + sign * 120)} ${f(c.y + 60)} ${f(c.x + sign * 40)} ${f(c.y + 60)} ${f(c.x)} ${f(c.y)}`;
        svg += `<path d="${loop(1)}${loop(-1)}" fill="none" stroke="${metalEdge(m)}" stroke-width="30"/><path d="${loop(1)}${loop(-1)}" fill="none" stroke="${metalFace(m)}" stroke-width="26"/>`;
        if (d.gem !== 'none') {
          for (const sign of [1, -1]) for (let t = 0.15; t < 1; t += 0.14) {
            const a = t * Math.PI * 2;
            svg += roundGem(c.x + sign * (60 - 60 * Math.cos(a)), c.y - 44 * Math.sin(a), 7, gem);
          }
        }
        glints[0] = c;
      }
      break;
    }
    case 'nazariya':
      svg = aroundBracelet(250, 140, 48, (p, _a, s, i) => (i % 3 === 1 ? bead(p.x, p.y, 13 * s, m) : blackBead(p.x, p.y, 12 * s)));
      break;
    case 'pearl':
      svg = aroundBracelet(280, 155, 48, (p, _a, s, i) => (i % 2 ? bead(p.x, p.y, 8 * s, m) : pearl(p.x, p.y, 17 * s)));
      break;
    default:
      svg = aroundBracelet(300, 168, 42, (p, _a, s) =>
        `<circle cx="${f(p.x)}" cy="${f(p.y + 3 * s)}" r="${f(23 * s)}" fill="${metalFace(m)}" stroke="${metalEdge(m)}" stroke-width="1.5"/>` + prongGem(p.x, p.y, 17 * s, gem, m));
  }
  const clasp = ellipsePoint(500, 470, 300, 165, 270);
  if (d.style !== 'nazariya' && d.style !== 'infinity') svg += `<rect x="${f(clasp.x - 24)}" y="${f(clasp.y - 12)}" width="48" height="24" rx="6" fill="${metalFace(m)}" stroke="${metalEdge(m)}" stroke-width="2"/>`;
  return { svg, focus: { x: 500, y: 600 }, glints };
}

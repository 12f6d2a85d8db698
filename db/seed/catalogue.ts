/**
 * The demo catalogue in the shop's own words: categories, carats, materials,
 * sizes and 64 products with their stones, weights, stories and offers. Prices
 * are worked out from weight the way an Indian jeweller quotes them: gold at
 * the day's rate for the purity, plus making charges, plus the stones.
 */
import { exportPrice } from '../../rules/pricing.ts';
import type { Gem, Metal } from './art/paint.ts';
import { type PieceDesign, type PieceKind, STYLES } from './art/pieces.ts';

export type CategoryName =
  | 'Rings' | 'Earrings' | 'Necklaces' | 'Bangles' | 'Pendants' | 'Chains' | 'Mangalsutra' | 'Nose Pins' | 'Bracelets';

export type MaterialName = 'Yellow Gold' | 'Rose Gold' | 'White Gold' | 'Diamond' | 'Ruby' | 'Emerald' | 'Sapphire' | 'Pearl';

export type CaratName = '22K' | '18K';

export const MATERIALS: readonly MaterialName[] = ['Yellow Gold', 'Rose Gold', 'White Gold', 'Diamond', 'Ruby', 'Emerald', 'Sapphire', 'Pearl'];

/**
 * Demo gold rates in rupees per gram, for prices only: a shop sets its own
 * rates in the back office. 18K is 75% gold against 91.6% for 22K.
 */
export const GOLD_RATE_INR: Record<CaratName, number> = { '22K': 7250, '18K': 5930 };
/** An 18K alloy is lighter than 22K: the same design weighs about 11% less. */
const WEIGHT_FACTOR: Record<CaratName, number> = { '22K': 1, '18K': 0.89 };
const HALLMARK: Record<CaratName, string> = { '22K': 'BIS hallmark 916', '18K': 'BIS hallmark 750' };
/** Rupees per US dollar for the demo's dollar prices. */
export const INR_PER_USD = 83;

export const CARATS: readonly CaratName[] = ['22K', '18K'];

const RING_SIZES = ['Ring 10', 'Ring 12', 'Ring 14', 'Ring 16'] as const;
const BANGLE_SIZES = ['Bangle 2.4', 'Bangle 2.6', 'Bangle 2.8'] as const;
const LENGTHS = ['Length 16 in', 'Length 18 in', 'Length 20 in', 'Length 22 in', 'Length 24 in'] as const;
const WRISTS = ['Bracelet 6.5 in', 'Bracelet 7 in', 'Bracelet 7.5 in'] as const;
/** Earrings, pendants, necklaces and nose pins come in one size; every product still has a size to pick. */
export const FREE_SIZE = 'Free Size';

export const SIZES: readonly string[] = [...RING_SIZES, ...BANGLE_SIZES, ...LENGTHS, ...WRISTS, FREE_SIZE];

export interface CategorySeed {
  name: CategoryName;
  kind: PieceKind;
  /** The piece on the category tile. */
  tile: PieceDesign;
  sizes: readonly string[];
  /** Making charges as a share of the gold value. */
  making: number;
  dimensions: string;
  /** The closing lines of every description in the category. */
  care: string;
}

export const CATEGORIES: readonly CategorySeed[] = [
  {
    name: 'Rings', kind: 'ring', tile: { kind: 'ring', style: 'solitaire', metal: 'yellow', gem: 'diamond' },
    sizes: RING_SIZES, making: 0.14, dimensions: 'Band width 2.2 mm',
    care: 'Take it off before washing hands or going to the gym, and keep it in its own pouch so stones do not scratch other pieces.',
  },
  {
    name: 'Earrings', kind: 'earrings', tile: { kind: 'earrings', style: 'jhumka', metal: 'yellow', gem: 'ruby', accent: 'pearl' },
    sizes: [FREE_SIZE], making: 0.16, dimensions: 'Screw-back posts, suitable for pierced ears',
    care: 'Put them on after perfume and hairspray, and wipe them with a soft dry cloth before storing.',
  },
  {
    name: 'Necklaces', kind: 'necklace', tile: { kind: 'necklace', style: 'temple', metal: 'yellow', gem: 'ruby', accent: 'emerald' },
    sizes: [FREE_SIZE], making: 0.18, dimensions: 'Adjustable length 16 to 18 in with a hook clasp',
    care: 'Store it flat in the velvet box it comes in so the drops do not tangle.',
  },
  {
    name: 'Bangles', kind: 'bangle', tile: { kind: 'bangle', style: 'kada', metal: 'yellow', gem: 'ruby' },
    sizes: BANGLE_SIZES, making: 0.12, dimensions: 'Width 6 mm',
    care: 'Slide bangles on with a little soap on the hand rather than forcing them, and keep them on a bangle stand.',
  },
  {
    name: 'Pendants', kind: 'pendant', tile: { kind: 'pendant', style: 'heart', metal: 'rose', gem: 'diamond' },
    sizes: [FREE_SIZE], making: 0.14, dimensions: 'Chain sold separately; bail fits chains up to 3 mm',
    care: 'Hang it on a chain of the same purity so the two wear evenly.',
  },
  {
    name: 'Chains', kind: 'chain', tile: { kind: 'chain', style: 'rope', metal: 'yellow', gem: 'none' },
    sizes: LENGTHS, making: 0.1, dimensions: 'Lobster clasp with a hallmarked tag',
    care: 'Fasten the clasp before putting it away so it does not knot.',
  },
  {
    name: 'Mangalsutra', kind: 'mangalsutra', tile: { kind: 'mangalsutra', style: 'vati', metal: 'yellow', gem: 'none' },
    sizes: ['Length 18 in', 'Length 20 in', 'Length 22 in', 'Length 24 in'], making: 0.14, dimensions: 'Double strand of black beads with gold spacers',
    care: 'Black beads are glass: keep them away from hard knocks and clean only with a dry cloth.',
  },
  {
    name: 'Nose Pins', kind: 'nosepin', tile: { kind: 'nosepin', style: 'flower', metal: 'yellow', gem: 'diamond' },
    sizes: [FREE_SIZE], making: 0.2, dimensions: 'Screw-back wire, 0.8 mm',
    care: 'Clean the wire with a little surgical spirit before wearing it for the first time.',
  },
  {
    name: 'Bracelets', kind: 'bracelet', tile: { kind: 'bracelet', style: 'tennis', metal: 'white', gem: 'diamond' },
    sizes: WRISTS, making: 0.14, dimensions: 'Box clasp with a safety catch',
    care: 'Check the clasp now and then, and bring it to us for a free tightening.',
  },
];

export type ReelMedia = 'reel-1.mp4' | 'reel-2.webm' | 'photos';

export interface ProductSeed {
  name: string;
  category: CategoryName;
  style: string;
  metal: Metal;
  gem: Gem;
  accent?: Gem;
  /** Other metal colours the same design is made in (offered as material choices). */
  alsoIn?: Metal[];
  /** Gross weight in 22K, grams. */
  grams: number;
  stones?: { text: string; inr: number };
  story: string;
  /** One or two points of this piece; the hallmark and certificate points are added. */
  points: string[];
  offer: string;
  bestseller?: boolean;
  /** Shown in the Instagram strip: with a video as its first media, or with photos only. */
  reel?: ReelMedia;
  sizes?: readonly string[];
  dimensions?: string;
}

const OFFERS = {
  making10: 'Flat 10% off on making charges',
  making18k: 'Making charges waived on the 18K version',
  diamond5: '5% off on diamond value',
  engraving: 'Free engraving of initials',
  emi: 'No-cost EMI on orders above ₹50,000',
  festive: 'Extra 15% off with code FESTIVE15',
  coin: 'Free 1 g gold coin with this piece',
} as const;

export const PRODUCTS: readonly ProductSeed[] = [
  // Rings
  {
    name: 'Kamal Solitaire Ring', category: 'Rings', style: 'solitaire', metal: 'yellow', gem: 'diamond', alsoIn: ['white', 'rose'], grams: 4.2,
    stones: { text: '1 round brilliant diamond, 0.30 ct, G-H colour, VS clarity', inr: 38000 },
    story: 'A single brilliant held high in four slim claws, so light reaches the stone from every side.',
    points: ['Classic four-claw solitaire setting', 'Free resizing within 30 days'], offer: OFFERS.diamond5, bestseller: true, reel: 'reel-1.mp4',
    dimensions: 'Head 6.5 mm; band width 2 mm',
  },
  {
    name: 'Aarohi Eternity Band', category: 'Rings', style: 'eternity', metal: 'white', gem: 'diamond', alsoIn: ['yellow'], grams: 3.8,
    stones: { text: '15 round diamonds, 0.45 ct total, G-H colour, VS-SI clarity', inr: 32000 },
    story: 'A half-eternity row of diamonds that sits flush with the finger, for every day and every anniversary after.',
    points: ['Comfort-fit inner band'], offer: OFFERS.diamond5,
  },
  {
    name: 'Navratna Cocktail Ring', category: 'Rings', style: 'navratna', metal: 'yellow', gem: 'ruby', grams: 7.5,
    stones: { text: 'Nine natural gemstones: ruby, pearl, coral, emerald, yellow sapphire, diamond, blue sapphire, hessonite, cat\'s eye', inr: 18000 },
    story: 'The nine planetary stones around a ruby sun, set in the traditional order our karigars learnt from their fathers.',
    points: ['Stones set in the traditional Navratna order', 'Open back lets the stones touch the skin'], offer: OFFERS.making10, bestseller: true,
    dimensions: 'Head 21 mm across',
  },
  {
    name: 'Mayur Ruby Halo Ring', category: 'Rings', style: 'halo', metal: 'rose', gem: 'ruby', alsoIn: ['yellow'], grams: 5,
    stones: { text: '1 oval ruby, 1.20 ct; 16 round diamonds, 0.16 ct total', inr: 22000 },
    story: 'An oval Burmese-red ruby ringed with small diamonds, in rose gold that warms the red.',
    points: ['Natural, heat-treated ruby'], offer: OFFERS.emi,
  },
  {
    name: "Shubh Men's Gold Band", category: 'Rings', style: 'band', metal: 'yellow', gem: 'none', grams: 8.5,
    story: 'A heavy, comfortable band with two engraved grooves and a diamond-cut finish that catches the light.',
    points: ['Diamond-cut texture between two grooves', 'Free engraving inside the band'], offer: OFFERS.engraving,
    sizes: ['Ring 14', 'Ring 16'], dimensions: 'Band width 6 mm',
  },
  {
    name: 'Tara Diamond Cluster Ring', category: 'Rings', style: 'cluster', metal: 'white', gem: 'diamond', alsoIn: ['rose'], grams: 4.6,
    stones: { text: '7 round diamonds, 0.35 ct total, G-H colour, VS-SI clarity', inr: 29000 },
    story: 'Seven diamonds set as one flower, so a modest budget looks like a single large stone.',
    points: ['Looks like a 1 ct solitaire from a step away'], offer: OFFERS.diamond5,
  },
  {
    name: 'Padmini Emerald Ring', category: 'Rings', style: 'halo', metal: 'yellow', gem: 'emerald', grams: 5.4,
    stones: { text: '1 oval Zambian emerald, 1.00 ct; 16 round diamonds, 0.16 ct total', inr: 26000 },
    story: 'A deep green Zambian emerald in a halo of diamonds, made for the bride who wants colour.',
    points: ['Zambian emerald with a gem report'], offer: OFFERS.making10,
  },
  {
    name: 'Vaani Sapphire Ring', category: 'Rings', style: 'solitaire', metal: 'white', gem: 'sapphire', grams: 4.8,
    stones: { text: '1 round blue sapphire, 1.10 ct, Ceylon', inr: 30000 },
    story: 'A cornflower-blue Ceylon sapphire raised in claws of white gold.',
    points: ['Unheated Ceylon sapphire'], offer: OFFERS.emi,
  },

  // Earrings
  {
    name: 'Rani Temple Jhumkas', category: 'Earrings', style: 'jhumka', metal: 'yellow', gem: 'ruby', accent: 'pearl', grams: 14.5,
    stones: { text: 'Rubies, 0.80 ct total; 22 freshwater pearls', inr: 6000 },
    story: 'Bell-shaped jhumkas with a flower stud, rows of granulation and a fringe of pearls that moves as you do.',
    points: ['Hand-granulated temple work', 'Pearl fringe on gold wire'], offer: OFFERS.making10, bestseller: true, reel: 'reel-2.webm',
    dimensions: 'Drop length 48 mm; bell 24 mm across',
  },
  {
    name: 'Chandbali Pearl Drops', category: 'Earrings', style: 'chandbali', metal: 'yellow', gem: 'ruby', accent: 'emerald', grams: 11.2,
    stones: { text: '18 freshwater pearls; ruby and emerald accents, 0.60 ct total', inr: 7500 },
    story: 'The crescent-moon earrings of Hyderabad, edged with pearls and set with ruby and emerald.',
    points: ['Light for their size: hollow-backed crescent'], offer: OFFERS.festive, dimensions: 'Drop length 52 mm',
  },
  {
    name: 'Noor Diamond Studs', category: 'Earrings', style: 'studs', metal: 'white', gem: 'diamond', alsoIn: ['yellow', 'rose'], grams: 2.6,
    stones: { text: '18 round diamonds, 0.40 ct total, G-H colour, VS-SI clarity', inr: 34000 },
    story: 'A flower of nine diamonds on each ear: the studs you will reach for every morning.',
    points: ['Screw-back posts for safety'], offer: OFFERS.diamond5, bestseller: true, dimensions: '11 mm across',
  },
  {
    name: 'Meenakari Peacock Jhumkas', category: 'Earrings', style: 'jhumka', metal: 'yellow', gem: 'emerald', accent: 'emerald', grams: 12,
    stones: { text: 'Emerald beads, 1.40 ct total', inr: 5000 },
    story: 'Jhumkas in the colours of a peacock, with emerald beads swinging below the bell.',
    points: ['Emerald bead fringe'], offer: OFFERS.making10,
  },
  {
    name: 'Kiara Gold Hoops', category: 'Earrings', style: 'hoops', metal: 'yellow', gem: 'none', alsoIn: ['rose'], grams: 6.4,
    story: 'Polished hoops, round and weighty, with a hinged click that stays shut.',
    points: ['Hinged snap closure'], offer: OFFERS.making18k, dimensions: '30 mm across',
  },
  {
    name: 'Gulab Ruby Studs', category: 'Earrings', style: 'studs', metal: 'rose', gem: 'ruby', grams: 3,
    stones: { text: '18 rubies, 0.60 ct total', inr: 9000 },
    story: 'Rose gold studs with ruby petals, like a gulab in bloom.',
    points: ['Matching ring available: Mayur Ruby Halo Ring'], offer: OFFERS.engraving,
  },
  {
    name: 'Sitara Sapphire Drops', category: 'Earrings', style: 'drops', metal: 'white', gem: 'sapphire', grams: 4.2,
    stones: { text: '2 pear-shaped blue sapphires, 1.60 ct total; 2 round diamonds, 0.10 ct total', inr: 24000 },
    story: 'Pear-cut sapphires hanging from a diamond stud on fine links, for evenings.',
    points: ['Articulated links let the drop swing'], offer: OFFERS.emi, dimensions: 'Drop length 34 mm',
  },
  {
    name: 'Zoya Diamond Hoops', category: 'Earrings', style: 'hoops', metal: 'white', gem: 'diamond', grams: 5.2,
    stones: { text: '28 round diamonds, 0.56 ct total, G-H colour, SI clarity', inr: 36000 },
    story: 'Slim hoops with a row of diamonds along the front, where they are seen.',
    points: ['Diamonds set on the visible front only, to keep the price kind'], offer: OFFERS.diamond5,
  },

  // Necklaces
  {
    name: 'Lakshmi Temple Necklace', category: 'Necklaces', style: 'temple', metal: 'yellow', gem: 'ruby', accent: 'emerald', grams: 42,
    stones: { text: 'Rubies and emeralds, 6.50 ct total; gold bead drops', inr: 28000 },
    story: 'A South Indian temple necklace with a medallion at the centre and a drop under every link, the way our grandmothers wore it.',
    points: ['Matching jhumkas: Rani Temple Jhumkas', 'Each drop hand-set and soldered'], offer: OFFERS.festive, bestseller: true, reel: 'photos',
  },
  {
    name: 'Rajwadi Kundan Choker', category: 'Necklaces', style: 'choker', metal: 'yellow', gem: 'diamond', accent: 'emerald', grams: 38,
    stones: { text: 'Kundan-set uncut diamonds (polki), 4.20 ct total; emerald and pearl drops', inr: 35000 },
    story: 'A Rajasthani choker of polki set in pure gold foil, with a fringe of pearls and emerald drops.',
    points: ['Traditional kundan setting in 24K foil', 'Adjustable dori at the back'], offer: OFFERS.making10,
    dimensions: 'Choker fits 13 to 15 in with the dori',
  },
  {
    name: 'Meher Diamond Necklace', category: 'Necklaces', style: 'diamond', metal: 'white', gem: 'diamond', grams: 18,
    stones: { text: '62 round diamonds, 2.10 ct total, G-H colour, VS-SI clarity', inr: 165000 },
    story: 'Graduated diamonds from the clasp to a pear-shaped drop at the centre: red-carpet light, worn to a wedding.',
    points: ['IGI certificate for the centre stone'], offer: OFFERS.emi, bestseller: true,
  },
  {
    name: 'Kasu Mala Coin Necklace', category: 'Necklaces', style: 'coins', metal: 'yellow', gem: 'none', grams: 48,
    story: 'Twenty-nine gold coins stamped with Lakshmi, strung the way they are in Kerala wedding sets.',
    points: ['Each coin individually die-struck'], offer: OFFERS.coin,
  },
  {
    name: 'Nizam Pearl Rani Haar', category: 'Necklaces', style: 'pearl', metal: 'yellow', gem: 'pearl', accent: 'ruby', grams: 36,
    stones: { text: 'Freshwater pearls, three strands; ruby and emerald pendant, 2.40 ct total', inr: 22000 },
    story: 'Three strands of pearls falling to a ruby pendant, after the long haars of the Nizams.',
    points: ['Hand-knotted on silk with gold spacers'], offer: OFFERS.festive, dimensions: 'Longest strand 22 in',
  },
  {
    name: 'Ananya Rose Gold Necklace', category: 'Necklaces', style: 'diamond', metal: 'rose', gem: 'diamond', grams: 12,
    stones: { text: '21 round diamonds, 0.60 ct total, G-H colour, SI clarity', inr: 48000 },
    story: 'A lighter diamond line in rose gold for the office, dinner and everything between.',
    points: ['Weighs only 12 g in 22K'], offer: OFFERS.diamond5,
  },
  {
    name: 'Mayuri Emerald Collar', category: 'Necklaces', style: 'temple', metal: 'yellow', gem: 'emerald', accent: 'ruby', grams: 34,
    stones: { text: 'Emeralds and rubies, 5.80 ct total', inr: 30000 },
    story: 'Emerald-set links with ruby drops and a peacock-green medallion, for mehendi and sangeet.',
    points: ['Pairs with Meenakari Peacock Jhumkas'], offer: OFFERS.making10,
  },

  // Bangles
  {
    name: 'Kangan Filigree Bangle', category: 'Bangles', style: 'jaal', metal: 'yellow', gem: 'none', grams: 16,
    story: 'A wide bangle with a jaal of lattice and granulation, light on the wrist for the gold in it.',
    points: ['Hand-pierced jaal work'], offer: OFFERS.making10,
  },
  {
    name: 'Noor Diamond Kada', category: 'Bangles', style: 'kada', metal: 'white', gem: 'diamond', grams: 18,
    stones: { text: '24 round diamonds, 1.10 ct total, G-H colour, VS-SI clarity', inr: 85000 },
    story: 'A solid kada with a ring of bezel-set diamonds, for the wrist that wears one piece only.',
    points: ['Bezel settings that never catch on silk'], offer: OFFERS.emi, reel: 'photos', dimensions: 'Width 8 mm',
  },
  {
    name: 'Antique Nakshi Bangles (Pair)', category: 'Bangles', style: 'pair', metal: 'yellow', gem: 'none', grams: 30,
    story: 'A pair of bangles with nakshi engraving and an antique finish, sold and weighed as a pair.',
    points: ['Price is for the pair', 'Antique finish that does not rub off'], offer: OFFERS.making10, bestseller: true,
  },
  {
    name: 'Rose Gold Twist Bangle', category: 'Bangles', style: 'twist', metal: 'rose', gem: 'none', alsoIn: ['yellow'], grams: 11,
    story: 'A rope-twist bangle in rose gold that stacks with everything you already own.',
    points: ['Stackable profile'], offer: OFFERS.making18k,
  },
  {
    name: 'Ruby Polki Kada', category: 'Bangles', style: 'kada', metal: 'yellow', gem: 'ruby', grams: 24,
    stones: { text: 'Rubies and polki (uncut diamonds), 3.20 ct total', inr: 45000 },
    story: 'A bridal kada with rubies all the way round and beaded work on the side.',
    points: ['Screw opening for easy wear'], offer: OFFERS.festive, dimensions: 'Width 9 mm',
  },
  {
    name: 'Everyday Plain Bangles (Set of 2)', category: 'Bangles', style: 'pair', metal: 'yellow', gem: 'none', grams: 20,
    story: 'Two plain, well-rounded bangles to wear every day, the ones that outlast every trend.',
    points: ['Price is for the set of two'], offer: OFFERS.making10,
  },
  {
    name: 'Emerald Jaal Bangle', category: 'Bangles', style: 'jaal', metal: 'yellow', gem: 'emerald', grams: 17,
    stones: { text: 'Emeralds, 1.80 ct total', inr: 14000 },
    story: 'Our jaal bangle with small emeralds in every second diamond of the lattice.',
    points: ['Natural Zambian emeralds'], offer: OFFERS.making10,
  },

  // Pendants
  {
    name: 'Lakshmi Coin Pendant', category: 'Pendants', style: 'coin', metal: 'yellow', gem: 'none', grams: 4,
    story: 'A coin pendant with a lotus rosette and beaded rim, the first gold gift for a new home.',
    points: ['Die-struck with a polished rim'], offer: OFFERS.coin, bestseller: true,
  },
  {
    name: 'Heart of Gold Pendant', category: 'Pendants', style: 'heart', metal: 'rose', gem: 'diamond', alsoIn: ['yellow'], grams: 3.2,
    stones: { text: '1 round diamond, 0.10 ct', inr: 9000 },
    story: 'A rose gold heart with a single diamond where it should be.',
    points: ['Engrave a date on the back for free'], offer: OFFERS.engraving, reel: 'photos',
  },
  {
    name: 'Solitaire Drop Pendant', category: 'Pendants', style: 'solitaire', metal: 'white', gem: 'diamond', grams: 2.4,
    stones: { text: '1 round brilliant diamond, 0.25 ct, G-H colour, VS clarity', inr: 31000 },
    story: 'One diamond on a slim bail: the pendant to wear with everything, and to never take off.',
    points: ['Six-claw setting'], offer: OFFERS.diamond5,
  },
  {
    name: 'Nazar Evil Eye Pendant', category: 'Pendants', style: 'evileye', metal: 'yellow', gem: 'sapphire', grams: 2.8,
    stones: { text: 'Blue sapphire enamel eye; 18 round diamonds, 0.08 ct total', inr: 12000 },
    story: 'An evil eye in blue and white, ringed with diamonds, to keep nazar away.',
    points: ['Cold enamel that does not chip'], offer: OFFERS.making10,
  },
  {
    name: 'Kamalini Lotus Pendant', category: 'Pendants', style: 'lotus', metal: 'yellow', gem: 'ruby', grams: 4.6,
    stones: { text: '1 ruby, 0.30 ct', inr: 5000 },
    story: 'A lotus opening around a ruby, each petal engraved by hand.',
    points: ['Hand-engraved petals'], offer: OFFERS.making10,
  },
  {
    name: 'Ashvi Emerald Teardrop Pendant', category: 'Pendants', style: 'drop', metal: 'yellow', gem: 'emerald', grams: 3.5,
    stones: { text: '1 pear-shaped emerald, 1.30 ct', inr: 16000 },
    story: 'A pear-cut emerald in a slim gold frame, green as new leaves after the monsoon.',
    points: ['Natural emerald with a gem report'], offer: OFFERS.emi,
  },
  {
    name: 'Ambika Ruby Heart Pendant', category: 'Pendants', style: 'heart', metal: 'yellow', gem: 'ruby', grams: 3.8,
    stones: { text: '1 round ruby, 0.40 ct', inr: 7000 },
    story: 'A yellow gold heart with a ruby at its centre, a gift for Karva Chauth and every anniversary.',
    points: ['Comes gift-wrapped'], offer: OFFERS.engraving,
  },

  // Chains
  {
    name: 'Classic Rope Chain', category: 'Chains', style: 'rope', metal: 'yellow', gem: 'none', grams: 12,
    story: 'A diamond-cut rope chain that glitters like a much heavier one.',
    points: ['Diamond-cut for extra sparkle', 'Strong enough for a heavy pendant'], offer: OFFERS.making10, bestseller: true,
  },
  {
    name: 'Box Chain', category: 'Chains', style: 'box', metal: 'white', gem: 'none', alsoIn: ['yellow'], grams: 8,
    story: 'Square box links, smooth against the skin and hard to tangle.',
    points: ['Does not kink'], offer: OFFERS.making18k,
  },
  {
    name: 'Figaro Chain for Men', category: 'Chains', style: 'figaro', metal: 'yellow', gem: 'none', grams: 18,
    story: 'Three short links and one long, the Italian rhythm, made heavy enough for a man\'s neck.',
    points: ['Solid links, not hollow'], offer: OFFERS.making10, sizes: ['Length 20 in', 'Length 22 in', 'Length 24 in'],
  },
  {
    name: 'Singapore Twist Chain', category: 'Chains', style: 'rope', metal: 'rose', gem: 'none', alsoIn: ['yellow'], grams: 6,
    story: 'A fine twisted chain that catches the light as it moves, lovely with or without a pendant.',
    points: ['Light enough to wear to bed'], offer: OFFERS.making18k,
  },
  {
    name: 'Curb Chain for Men', category: 'Chains', style: 'curb', metal: 'yellow', gem: 'none', grams: 22,
    story: 'Flat interlocking curb links with a bold clasp.',
    points: ['Solid links, not hollow'], offer: OFFERS.emi, sizes: ['Length 20 in', 'Length 22 in', 'Length 24 in'],
  },
  {
    name: 'Everyday Cable Chain', category: 'Chains', style: 'cable', metal: 'yellow', gem: 'none', alsoIn: ['white', 'rose'], grams: 5,
    story: 'The plain cable chain every pendant deserves.',
    points: ['Fits every pendant in our collection'], offer: OFFERS.making10,
  },
  {
    name: 'Wheat Chain', category: 'Chains', style: 'wheat', metal: 'white', gem: 'none', grams: 7.5,
    story: 'Linked ovals laid like ears of wheat, supple and strong.',
    points: ['Four-strand weave'], offer: OFFERS.making18k,
  },

  // Mangalsutra
  {
    name: 'Saubhagya Vati Mangalsutra', category: 'Mangalsutra', style: 'vati', metal: 'yellow', gem: 'none', grams: 10,
    story: 'Two gold vatis on a double strand of black beads: the mangalsutra of Maharashtrian weddings.',
    points: ['Black beads strung on gold wire'], offer: OFFERS.making10, bestseller: true,
  },
  {
    name: 'Modern Diamond Mangalsutra', category: 'Mangalsutra', style: 'diamond', metal: 'yellow', gem: 'diamond', grams: 6,
    stones: { text: '19 round diamonds, 0.36 ct total, G-H colour, SI clarity', inr: 28000 },
    story: 'A hexagon of diamonds on black beads, for the bride who goes back to work on Monday.',
    points: ['Short length that sits inside a collar'], offer: OFFERS.diamond5,
  },
  {
    name: 'Maharashtrian Double Vati Mangalsutra', category: 'Mangalsutra', style: 'vati', metal: 'yellow', gem: 'ruby', grams: 14,
    stones: { text: '1 ruby, 0.20 ct', inr: 3000 },
    story: 'Heavier vatis with a beaded rim and a ruby between them, the way it is tied in Pune.',
    points: ['Heavier vatis for the wedding day'], offer: OFFERS.festive,
  },
  {
    name: 'Solitaire Mangalsutra', category: 'Mangalsutra', style: 'solitaire', metal: 'white', gem: 'diamond', grams: 5,
    stones: { text: '1 round brilliant diamond, 0.30 ct, G-H colour, VS clarity', inr: 30000 },
    story: 'One diamond on black beads: quiet, modern and meaningful.',
    points: ['Six-claw setting'], offer: OFFERS.diamond5,
  },
  {
    name: 'Short Everyday Mangalsutra', category: 'Mangalsutra', style: 'diamond', metal: 'rose', gem: 'diamond', grams: 4.5,
    stones: { text: '19 round diamonds, 0.25 ct total, G-H colour, SI clarity', inr: 14000 },
    story: 'A short rose gold mangalsutra light enough to forget you are wearing it.',
    points: ['Short 18 in length'], offer: OFFERS.making18k, sizes: ['Length 18 in'],
  },
  {
    name: 'Nakshi Vati Mangalsutra', category: 'Mangalsutra', style: 'vati', metal: 'rose', gem: 'none', grams: 9,
    story: 'Engraved vatis in rose gold, a softer take on the tradition.',
    points: ['Engraved by hand'], offer: OFFERS.making10,
  },

  // Nose pins
  {
    name: 'Phool Diamond Nose Pin', category: 'Nose Pins', style: 'flower', metal: 'yellow', gem: 'diamond', alsoIn: ['white'], grams: 0.6,
    stones: { text: '9 round diamonds, 0.09 ct total, G-H colour, SI clarity', inr: 8000 },
    story: 'A flower of nine small diamonds that looks like one bright stone.',
    points: ['Screw-back wire that stays in'], offer: OFFERS.diamond5, bestseller: true,
  },
  {
    name: 'Maharashtrian Nath with Pearls', category: 'Nose Pins', style: 'nath', metal: 'yellow', gem: 'pearl', grams: 2.5,
    stones: { text: 'Basra-style freshwater pearls; ruby beads; 1 diamond, 0.05 ct', inr: 4000 },
    story: 'The curved nath of Maharashtrian brides, lined with pearls and a ruby or two.',
    points: ['Clip-on option available for unpierced noses'], offer: OFFERS.festive,
  },
  {
    name: 'Sitara Star Nose Pin', category: 'Nose Pins', style: 'star', metal: 'white', gem: 'diamond', grams: 0.5,
    stones: { text: '7 round diamonds, 0.07 ct total', inr: 6000 },
    story: 'A six-point star of white gold with a diamond at each point.',
    points: ['Tiny enough for the office'], offer: OFFERS.diamond5,
  },
  {
    name: 'Ruby Drop Nose Pin', category: 'Nose Pins', style: 'solitaire', metal: 'rose', gem: 'ruby', grams: 0.5,
    stones: { text: '1 round ruby, 0.08 ct', inr: 3500 },
    story: 'A single ruby in rose gold claws: a spot of colour, no more.',
    points: ['Screw-back wire'], offer: OFFERS.making10,
  },
  {
    name: 'Minimal Gold Nose Stud', category: 'Nose Pins', style: 'solitaire', metal: 'yellow', gem: 'none', grams: 0.4,
    story: 'A polished gold dot. That is all, and that is the point.',
    points: ['Our lightest piece'], offer: OFFERS.making10,
  },
  {
    name: 'Emerald Leaf Nose Pin', category: 'Nose Pins', style: 'leaf', metal: 'yellow', gem: 'emerald', grams: 0.7,
    stones: { text: '1 carved emerald leaf, 0.20 ct; 10 diamonds, 0.05 ct total', inr: 5000 },
    story: 'A carved emerald leaf edged with pin-point diamonds.',
    points: ['Hand-carved emerald'], offer: OFFERS.festive,
  },
  {
    name: 'Solitaire Diamond Nose Pin', category: 'Nose Pins', style: 'solitaire', metal: 'white', gem: 'diamond', grams: 0.5,
    stones: { text: '1 round brilliant diamond, 0.10 ct, G-H colour, VS clarity', inr: 11000 },
    story: 'A tenth of a carat in six claws, the nose pin that goes from college to wedding.',
    points: ['Six-claw setting'], offer: OFFERS.diamond5,
  },

  // Bracelets
  {
    name: 'Tennis Diamond Bracelet', category: 'Bracelets', style: 'tennis', metal: 'white', gem: 'diamond', grams: 9,
    stones: { text: '42 round diamonds, 2.00 ct total, G-H colour, VS-SI clarity', inr: 140000 },
    story: 'A line of forty-two diamonds, each in its own cup, with a box clasp and a safety catch.',
    points: ['Double safety catch', 'IGI certificate'], offer: OFFERS.emi, bestseller: true, reel: 'photos',
  },
  {
    name: 'Charm Bracelet', category: 'Bracelets', style: 'charm', metal: 'rose', gem: 'none', alsoIn: ['yellow'], grams: 7,
    story: 'A fine chain hung with a heart, a star, a coin, a ruby and an emerald drop, one for each story.',
    points: ['Add charms later from our store'], offer: OFFERS.engraving,
  },
  {
    name: 'Nazariya Baby Bracelet', category: 'Bracelets', style: 'nazariya', metal: 'yellow', gem: 'none', grams: 4,
    story: 'Black and gold beads for a baby\'s first wrist, to keep away the evil eye.',
    points: ['Adjustable to grow with the child', 'Smooth beads, no sharp edges'], offer: OFFERS.making10, sizes: [FREE_SIZE],
  },
  {
    name: "Men's Link Bracelet", category: 'Bracelets', style: 'link', metal: 'yellow', gem: 'none', grams: 20,
    story: 'Oval links with a heavy box clasp, the bracelet to wear with a watch.',
    points: ['Solid links, not hollow'], offer: OFFERS.emi, sizes: ['Bracelet 7 in', 'Bracelet 7.5 in'],
  },
  {
    name: 'Rose Gold Infinity Bracelet', category: 'Bracelets', style: 'infinity', metal: 'rose', gem: 'diamond', grams: 5,
    stones: { text: '14 round diamonds, 0.14 ct total', inr: 12000 },
    story: 'A diamond infinity sign on a fine chain: for sisters, best friends and forever.',
    points: ['Adjustable chain length'], offer: OFFERS.engraving,
  },
  {
    name: 'Pearl and Gold Bracelet', category: 'Bracelets', style: 'pearl', metal: 'yellow', gem: 'pearl', grams: 6,
    stones: { text: '24 freshwater pearls, 6 mm', inr: 4000 },
    story: 'Freshwater pearls with gold beads between them, knotted so no pearl rubs another.',
    points: ['Hand-knotted on silk'], offer: OFFERS.making10,
  },
  {
    name: 'Ruby Tennis Bracelet', category: 'Bracelets', style: 'tennis', metal: 'yellow', gem: 'ruby', grams: 10,
    stones: { text: '42 round rubies, 4.20 ct total', inr: 60000 },
    story: 'Our tennis bracelet in yellow gold and rubies, warm and festive.',
    points: ['Double safety catch'], offer: OFFERS.festive,
  },
];

const METAL_MATERIAL: Record<Metal, MaterialName> = { yellow: 'Yellow Gold', rose: 'Rose Gold', white: 'White Gold' };
const GEM_MATERIAL: Partial<Record<Gem, MaterialName>> = { diamond: 'Diamond', ruby: 'Ruby', emerald: 'Emerald', sapphire: 'Sapphire', pearl: 'Pearl' };

export function categoryOf(product: Pick<ProductSeed, 'category'>): CategorySeed {
  const category = CATEGORIES.find((c) => c.name === product.category);
  if (!category) throw new Error(`unknown category ${product.category}`);
  return category;
}

/** The picture a product shows: its category's kind in its style, metal and stones. */
export function designOf(product: ProductSeed): PieceDesign {
  const kind = categoryOf(product).kind;
  if (!STYLES[kind].includes(product.style)) throw new Error(`${product.name}: ${kind} has no style "${product.style}"`);
  return { kind, style: product.style, metal: product.metal, gem: product.gem, accent: product.accent };
}

/** Material choices, the metal in the photos first (the storefront's default), then other metals, then the stones. */
export function materialsOf(product: Pick<ProductSeed, 'metal' | 'alsoIn' | 'gem' | 'accent'>): MaterialName[] {
  const names = [product.metal, ...(product.alsoIn ?? [])].map((m) => METAL_MATERIAL[m]);
  for (const gem of [product.gem, product.accent]) {
    const material = gem ? GEM_MATERIAL[gem] : undefined;
    if (material) names.push(material);
  }
  return [...new Set(names)];
}

export function sizesOf(product: ProductSeed): readonly string[] {
  return product.sizes ?? categoryOf(product).sizes;
}

/** Gross weight of the piece in a purity, to two decimals. */
export function gramsIn(product: Pick<ProductSeed, 'grams'>, carat: CaratName): number {
  return Math.round(product.grams * WEIGHT_FACTOR[carat] * 100) / 100;
}

/**
 * Price in paise and cents: gold at the purity's rate, plus making charges,
 * plus the stones, rounded to whole rupees and whole dollars as a shop quotes them;
 * the dollar price is the export price, the rupee price without its GST (rules/pricing.ts).
 */
export function priceOf(product: Pick<ProductSeed, 'grams' | 'stones'>, making: number, carat: CaratName): { inr: number; usd: number } {
  const rupees = Math.round(gramsIn(product, carat) * GOLD_RATE_INR[carat] * (1 + making) + (product.stones?.inr ?? 0));
  return { inr: rupees * 100, usd: Math.round(exportPrice(rupees * 100) / 100 / INR_PER_USD) * 100 };
}

/** The description: the piece's story, then how to care for it. */
export function descriptionOf(product: ProductSeed): string {
  return `${product.story} ${categoryOf(product).care}`;
}

/** The multi-line specifications tab. */
export function specificationsOf(product: ProductSeed): string {
  const metals = materialsOf(product).filter((m) => m.endsWith('Gold'));
  const lines = [
    `Metal: ${metals[0]}${metals.length > 1 ? ` (also made in ${metals.slice(1).join(' and ')})` : ''}`,
    `Purity: 22K (${HALLMARK['22K']}) or 18K (${HALLMARK['18K']})`,
    `Gross weight: ${gramsIn(product, '22K').toFixed(2)} g in 22K, ${gramsIn(product, '18K').toFixed(2)} g in 18K`,
    `Stones: ${product.stones?.text ?? 'None, plain gold'}`,
    `Dimensions: ${product.dimensions ?? categoryOf(product).dimensions}`,
    'Certification: BIS hallmark with a 6-digit HUID on every piece',
  ];
  if (product.stones && /diamond|polki/i.test(product.stones.text)) lines.push('Diamond report: IGI, supplied with the piece');
  return lines.join('\n');
}

/**
 * Two to four key points: the piece's own, then the hallmark, then the certificate or the care
 * promise. Returns and exchange are never typed here: the product page says them from the shop
 * policy (rules/shop-policy.ts productPromises), so they cannot disagree with the refund page.
 */
export function keyPointsOf(product: Pick<ProductSeed, 'points' | 'stones'>): string[] {
  const promise = product.stones && /diamond/i.test(product.stones.text)
    ? 'Certified natural diamonds'
    : 'Free cleaning and polishing for life';
  return [...product.points, 'BIS hallmarked 22K (916) and 18K (750) gold', promise].slice(0, 4);
}

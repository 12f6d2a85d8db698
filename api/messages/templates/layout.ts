/**
 * The shop's e-mail look (issue 35), with React Email: ivory paper, warm ink and the gold accent
 * of the storefront (web/styles/global.css), the shop's name in its serif, one column that reads
 * on a 390 px phone and widens to 600 px. No images: nothing to fetch, nothing blocked.
 * Written with createElement, not JSX: `npm start` runs api/ as plain TypeScript (Node's type
 * stripping), which does not read .tsx.
 */
import { createElement as h, type ReactNode } from 'react';
import { Body, Button, Column, Container, Head, Hr, Html, Link, Preview, Row, Section, Text, render } from '@react-email/components';

/** The storefront's colours (web/styles/global.css). */
export const COLOURS = {
  ivory: '#fbf8f2',
  ivory2: '#f5eee2',
  line: '#e2d6c0',
  gold: '#b8924a',
  goldDeep: '#7d5f26',
  ink: '#1f1a15',
  muted: '#62574a',
  white: '#ffffff',
} as const;

export const SHOP_NAME = 'Aurum Jewels';
const SERIF = "'Cormorant Garamond', Georgia, 'Times New Roman', serif";
const SANS = "'Jost', system-ui, -apple-system, 'Segoe UI', Roboto, Helvetica, Arial, sans-serif";

const text = { fontFamily: SANS, fontSize: '15px', lineHeight: '24px', color: COLOURS.ink, margin: '0 0 14px' } as const;

/** A paragraph. */
export const P = (...children: ReactNode[]) => h(Text, { style: text }, ...children);

/** A small muted paragraph. */
export const Small = (...children: ReactNode[]) => h(Text, { style: { ...text, fontSize: '13px', lineHeight: '20px', color: COLOURS.muted } }, ...children);

/** The message's heading, in the shop's serif. */
export const Title = (title: string) =>
  h(Text, { style: { fontFamily: SERIF, fontSize: '28px', lineHeight: '34px', color: COLOURS.ink, margin: '0 0 16px', fontWeight: 600 } }, title);

/** A small gold heading above a block. */
export const Eyebrow = (title: string) =>
  h(Text, { style: { ...text, fontSize: '12px', lineHeight: '16px', letterSpacing: '0.12em', textTransform: 'uppercase', color: COLOURS.goldDeep, margin: '20px 0 8px', fontWeight: 600 } }, title);

/** A link in the text's gold. */
export const A = (href: string, label: string) => h(Link, { href, style: { color: COLOURS.goldDeep, textDecoration: 'underline' } }, label);

/** The one thing to do, as a gold button. */
export const Action = (href: string, label: string) =>
  h(
    Section,
    { style: { margin: '8px 0 20px' } },
    h(Button, { href, style: { backgroundColor: COLOURS.goldDeep, color: COLOURS.white, fontFamily: SANS, fontSize: '15px', fontWeight: 600, padding: '12px 22px', borderRadius: '2px', textDecoration: 'none' } }, label),
  );

/** Marks a row's label cell for the plain part (PLAIN_TEXT). */
const LABEL_MARK: object = { 'data-label': '' };

/** Label and value rows (totals, facts), the value to the right; `strong` rows in bold. */
export const Facts = (rows: { label: ReactNode; value: ReactNode; strong?: boolean }[]) =>
  h(
    Section,
    { style: { margin: '0 0 8px' } },
    ...rows.map((r, i) =>
      h(Row, {
        key: i,
        style: { borderTop: r.strong ? `1px solid ${COLOURS.line}` : undefined },
        children: [
          h(Column, { key: 'l', ...LABEL_MARK, style: { ...text, margin: 0, padding: '4px 8px 4px 0', fontWeight: r.strong ? 600 : 400, verticalAlign: 'top' } }, r.label),
          h(Column, { key: 'v', align: 'right', style: { ...text, margin: 0, padding: '4px 0', fontWeight: r.strong ? 600 : 400, whiteSpace: typeof r.value === 'string' && r.value.length > 24 ? 'normal' : 'nowrap', verticalAlign: 'top' } }, r.value),
        ],
      }),
    ),
  );

/** A line between blocks. */
export const Rule = () => h(Hr, { style: { borderColor: COLOURS.line, margin: '16px 0' } });

/** The page every message sits on: the shop's name, a gold rule, the content, the footer. */
export function Layout(props: { preview: string; children: ReactNode[]; legalName: string; footer?: ReactNode[] }) {
  return h(
    Html,
    { lang: 'en' },
    h(Head, null, h('meta', { name: 'viewport', content: 'width=device-width, initial-scale=1' })),
    h(Preview, null, props.preview),
    h(
      Body,
      { style: { backgroundColor: COLOURS.ivory, margin: 0, padding: '16px 0' } },
      h(
        Container,
        { style: { maxWidth: '600px', width: '100%', margin: '0 auto' } },
        h(
          Section,
          { style: { padding: '20px 20px 12px', textAlign: 'center', borderBottom: `2px solid ${COLOURS.gold}` } },
          h(Text, { style: { fontFamily: SERIF, fontSize: '30px', lineHeight: '34px', letterSpacing: '0.08em', color: COLOURS.ink, margin: 0, fontWeight: 600 } }, SHOP_NAME.toUpperCase()),
          h(Text, { style: { ...text, fontSize: '11px', lineHeight: '16px', letterSpacing: '0.3em', color: COLOURS.goldDeep, margin: '4px 0 0', textTransform: 'uppercase' } }, 'Fine jewellery'),
        ),
        h(Section, { style: { backgroundColor: COLOURS.white, padding: '24px 20px', border: `1px solid ${COLOURS.line}`, borderTop: 'none' } }, ...props.children),
        h(
          Section,
          { style: { padding: '16px 20px' } },
          ...(props.footer ?? [Small(`${props.legalName} · You receive this because of an order you placed with ${SHOP_NAME}; it is not marketing.`)]),
        ),
      ),
    ),
  );
}

/** The plain part: a row's label and value read "Label: value". */
const PLAIN_TEXT = { wordwrap: 78, selectors: [{ selector: 'td[data-label]', format: 'inlineSurround', options: { suffix: ': ' } }] };

/** The HTML and plain-text parts of a message laid out on the shop's page. */
export async function renderParts(preview: string, children: ReactNode[], legalName = SHOP_NAME, footer?: ReactNode[]): Promise<{ html: string; text: string }> {
  const element = Layout({ preview, children, legalName, footer });
  const [html, plain] = await Promise.all([render(element), render(element, { plainText: true, htmlToTextOptions: PLAIN_TEXT })]);
  return { html, text: plain };
}

import { scaleBand, scaleLinear, scalePoint } from 'd3-scale';
import { line } from 'd3-shape';
import { type ReactNode, useId } from 'react';

/**
 * The Reports screen's charts (issue 37): SVG drawn with d3-scale (the axes' nice ticks, the
 * bands) and d3-shape (the line's path), React writing the elements. Each chart is an image
 * with a title and a one-sentence summary for screen readers; the figures themselves are in
 * the table beside it (FigureTable), which is also what one copies from.
 */
export interface Point {
  label: string;
  value: number;
}

interface ChartProps {
  title: string;
  /** A sentence a screen reader says for the picture (the table beside it has every figure). */
  summary: string;
  points: readonly Point[];
  format: (value: number) => string;
}

const WIDTH = 640;

/** An axis figure in few letters: ₹8L, ₹1.5Cr (Indian compact notation). */
const compact = new Intl.NumberFormat('en-IN', { notation: 'compact', maximumFractionDigits: 1 });
const HEIGHT = 260;
const MARGIN = { top: 12, right: 16, bottom: 36, left: 72 };

function Frame({ title, summary, children, height = HEIGHT }: { title: string; summary: string; children: ReactNode; height?: number }) {
  const id = useId();
  return (
    <svg className="report-chart" viewBox={`0 0 ${WIDTH} ${height}`} role="img" aria-labelledby={`${id}-t ${id}-d`} preserveAspectRatio="xMidYMid meet">
      <title id={`${id}-t`}>{title}</title>
      <desc id={`${id}-d`}>{summary}</desc>
      {children}
    </svg>
  );
}

/** Every nth label, so the axis stays readable however many periods there are. */
const thin = (labels: readonly string[], room: number) => {
  const step = Math.max(1, Math.ceil(labels.length / room));
  return labels.filter((_, i) => i % step === 0);
};

/** Revenue over time: one line, a dot per period. */
export function LineChart({ title, summary, points, format }: ChartProps) {
  const x = scalePoint<string>()
    .domain(points.map((p) => p.label))
    .range([MARGIN.left, WIDTH - MARGIN.right])
    .padding(0.2);
  const y = scaleLinear()
    .domain([0, Math.max(1, ...points.map((p) => p.value))])
    .nice()
    .range([HEIGHT - MARGIN.bottom, MARGIN.top]);
  const path = line<Point>()
    .x((p) => x(p.label) ?? 0)
    .y((p) => y(p.value))(points as Point[]);
  return (
    <Frame title={title} summary={summary}>
      {y.ticks(5).map((tick) => (
        <g key={tick} className="report-chart__grid">
          <line x1={MARGIN.left} x2={WIDTH - MARGIN.right} y1={y(tick)} y2={y(tick)} />
          <text x={MARGIN.left - 8} y={y(tick)} dy="0.32em" textAnchor="end">
            {`₹${compact.format(tick)}`}
          </text>
        </g>
      ))}
      {thin(points.map((p) => p.label), 8).map((label) => (
        <text key={label} className="report-chart__axis" x={x(label)} y={HEIGHT - MARGIN.bottom + 20} textAnchor="middle">
          {label}
        </text>
      ))}
      {path && <path className="report-chart__line" d={path} />}
      {points.length <= 62 &&
        points.map((p) => (
          <circle key={p.label} className="report-chart__dot" cx={x(p.label)} cy={y(p.value)} r={3}>
            <title>{`${p.label}: ${format(p.value)}`}</title>
          </circle>
        ))}
    </Frame>
  );
}

/** Horizontal bars, one a row with its name and figure: grams per purity, top pieces. */
export function BarChart({ title, summary, points, format }: ChartProps) {
  const row = 28;
  const height = Math.max(row * points.length + 16, 60);
  const left = 150;
  const y = scaleBand<string>()
    .domain(points.map((p, i) => `${i}`))
    .range([8, height - 8])
    .padding(0.25);
  const x = scaleLinear()
    .domain([0, Math.max(1, ...points.map((p) => p.value))])
    .range([0, WIDTH - left - 110]);
  return (
    <Frame title={title} summary={summary} height={height}>
      {points.map((p, i) => (
        <g key={`${p.label}-${i}`}>
          <text className="report-chart__axis" x={left - 8} y={(y(`${i}`) ?? 0) + y.bandwidth() / 2} dy="0.32em" textAnchor="end">
            {p.label.length > 14 ? `${p.label.slice(0, 13)}…` : p.label}
          </text>
          <rect className="report-chart__bar" x={left} y={y(`${i}`)} width={Math.max(1, x(p.value))} height={y.bandwidth()} rx={3} />
          <text className="report-chart__value" x={left + Math.max(1, x(p.value)) + 6} y={(y(`${i}`) ?? 0) + y.bandwidth() / 2} dy="0.32em">
            {format(p.value)}
          </text>
        </g>
      ))}
    </Frame>
  );
}

/** The figures of a chart as a table: read by screen readers, copied into a spreadsheet. */
export function FigureTable({ caption, head, rows }: { caption: string; head: readonly string[]; rows: ReadonlyArray<readonly ReactNode[]> }) {
  return (
    <div className="report-table" tabIndex={0} role="region" aria-label={caption}>
      <table>
        <caption>{caption}</caption>
        <thead>
          <tr>
            {head.map((h, i) => (
              <th key={h} scope="col" className={i > 0 ? 'num' : undefined}>
                {h}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {rows.length === 0 ? (
            <tr>
              <td colSpan={head.length}>Nothing in this period.</td>
            </tr>
          ) : (
            rows.map((cells, r) => (
              <tr key={r}>
                {cells.map((cell, i) =>
                  i === 0 ? (
                    <th key={i} scope="row">
                      {cell}
                    </th>
                  ) : (
                    <td key={i} className="num">
                      {cell}
                    </td>
                  ),
                )}
              </tr>
            ))
          )}
        </tbody>
      </table>
    </div>
  );
}

/**
 * A bar chart drawn on the server as SVG (decision 029): readable without JavaScript, and described
 * to assistive technology by its title plus the table of the same numbers that the caller renders
 * beside it (the chart itself is `role="img"`, so screen readers read the table, not the bars).
 */
export interface Bar {
  label: string;
  value: number;
  /** Drawn in the warning colour (e.g. delivered later than promised). */
  late?: boolean;
}

const WIDTH = 640;
const HEIGHT = 220;
const LEFT = 36;
const RIGHT = 8;
const TOP = 12;
const BOTTOM = 40;

export function BarChart({
  id,
  title,
  bars,
  tickEvery = 1,
  marker,
}: {
  id: string;
  title: string;
  bars: Bar[];
  /** Label every n-th bar on the x axis (all bars keep their value in the table). */
  tickEvery?: number;
  /** A dashed vertical line before bar `index`, labelled (e.g. the promise). */
  marker?: { index: number; label: string };
}) {
  const max = Math.max(1, ...bars.map((b) => b.value));
  const plotW = WIDTH - LEFT - RIGHT;
  const plotH = HEIGHT - TOP - BOTTOM;
  const slot = plotW / bars.length;
  const barW = Math.max(2, slot * 0.7);
  const y = (v: number) => TOP + plotH - (v / max) * plotH;
  const ticks = max <= 4 ? Array.from({ length: max + 1 }, (_, i) => i) : [0, Math.round(max / 2), max];
  return (
    <svg viewBox={`0 0 ${WIDTH} ${HEIGHT}`} role="img" aria-labelledby={`${id}-title`} className="h-auto w-full max-w-3xl" data-chart={id}>
      <title id={`${id}-title`}>{title}</title>
      {ticks.map((t) => (
        <g key={t}>
          <line x1={LEFT} x2={WIDTH - RIGHT} y1={y(t)} y2={y(t)} stroke="#d4d4d4" strokeWidth={1} />
          <text x={LEFT - 6} y={y(t) + 4} textAnchor="end" fontSize={12} fill="#404040">
            {t}
          </text>
        </g>
      ))}
      {bars.map((bar, i) => {
        const x = LEFT + i * slot + (slot - barW) / 2;
        return (
          <g key={bar.label}>
            {bar.value > 0 ? (
              <rect x={x} y={y(bar.value)} width={barW} height={TOP + plotH - y(bar.value)} fill={bar.late ? "#b91c1c" : "#15803d"} data-value={bar.value} />
            ) : null}
            {i % tickEvery === 0 ? (
              <text x={LEFT + i * slot + slot / 2} y={HEIGHT - BOTTOM + 16} textAnchor="middle" fontSize={11} fill="#404040">
                {bar.label}
              </text>
            ) : null}
          </g>
        );
      })}
      {marker ? (
        <g>
          <line
            x1={LEFT + marker.index * slot}
            x2={LEFT + marker.index * slot}
            y1={TOP}
            y2={TOP + plotH}
            stroke="#1d4ed8"
            strokeWidth={2}
            strokeDasharray="5 4"
          />
          <text x={LEFT + marker.index * slot + 4} y={TOP + 10} fontSize={11} fill="#1d4ed8">
            {marker.label}
          </text>
        </g>
      ) : null}
      <line x1={LEFT} x2={WIDTH - RIGHT} y1={TOP + plotH} y2={TOP + plotH} stroke="#404040" strokeWidth={1} />
    </svg>
  );
}

import { INSIGHT_LABELS } from '@datahub/domain';

interface Series {
  name: string;
  values: number[];
}

const WIDTH = 640;
const HEIGHT = 200;
const PAD = { left: 36, right: 8, top: 8, bottom: 28 };
const COLOURS = ['#15803d', '#0369a1'];

/** Drawn on the server (no JavaScript needed); the SVG is an image named by its title, the table beside it is what assistive technology reads. */
export function BarChart({ id, title, labelHeader, labels, series }: { id: string; title: string; labelHeader: string; labels: string[]; series: Series[] }) {
  const max = Math.max(1, ...series.flatMap((s) => s.values));
  const plotWidth = WIDTH - PAD.left - PAD.right;
  const plotHeight = HEIGHT - PAD.top - PAD.bottom;
  const slot = labels.length ? plotWidth / labels.length : plotWidth;
  const bar = Math.max(1, (slot * 0.8) / Math.max(1, series.length));
  const every = Math.max(1, Math.ceil(labels.length / 8));
  return (
    <section aria-labelledby={`${id}-titel`} className="rounded-lg border border-stone-200 bg-white p-4 shadow-sm sm:p-6" data-testid={id}>
      <h2 id={`${id}-titel`} className="text-lg font-semibold text-stone-900">
        {title}
      </h2>
      {labels.length === 0 ? (
        <p className="mt-3 text-sm text-stone-600">{INSIGHT_LABELS.empty}</p>
      ) : (
        <div className="mt-4 grid gap-6 lg:grid-cols-[minmax(0,3fr)_minmax(0,2fr)]">
          <svg viewBox={`0 0 ${WIDTH} ${HEIGHT}`} role="img" aria-labelledby={`${id}-titel`} className="h-auto w-full">
            <line x1={PAD.left} y1={PAD.top + plotHeight} x2={WIDTH - PAD.right} y2={PAD.top + plotHeight} stroke="#a8a29e" />
            <text x={PAD.left - 6} y={PAD.top + 10} textAnchor="end" fontSize="11" fill="#57534e">
              {max}
            </text>
            <text x={PAD.left - 6} y={PAD.top + plotHeight} textAnchor="end" fontSize="11" fill="#57534e">
              0
            </text>
            {labels.map((label, i) => (
              <g key={label}>
                {series.map((s, j) => {
                  const h = (s.values[i] / max) * plotHeight;
                  return (
                    <rect
                      key={s.name}
                      x={PAD.left + i * slot + slot * 0.1 + j * bar}
                      y={PAD.top + plotHeight - h}
                      width={bar}
                      height={h}
                      fill={COLOURS[j % COLOURS.length]}
                      data-value={s.values[i]}
                    />
                  );
                })}
                {i % every === 0 ? (
                  <text x={PAD.left + i * slot + slot / 2} y={HEIGHT - 8} textAnchor="middle" fontSize="10" fill="#57534e">
                    {label.length > 12 ? `${label.slice(0, 11)}…` : label}
                  </text>
                ) : null}
              </g>
            ))}
          </svg>
          <div className="max-h-72 overflow-auto">
            <table className="w-full text-left text-sm">
              <caption className="sr-only">{title}</caption>
              <thead>
                <tr className="border-b border-stone-200">
                  <th scope="col" className="py-1 pr-3 font-medium text-stone-700">
                    {labelHeader}
                  </th>
                  {series.map((s, j) => (
                    <th key={s.name} scope="col" className="py-1 pr-3 text-right font-medium text-stone-700">
                      <span aria-hidden="true" className="mr-1 inline-block h-2 w-2 rounded-sm" style={{ background: COLOURS[j % COLOURS.length] }} />
                      {s.name}
                    </th>
                  ))}
                </tr>
              </thead>
              <tbody>
                {labels.map((label, i) => (
                  <tr key={label} className="border-b border-stone-100">
                    <th scope="row" className="break-all py-1 pr-3 font-normal text-stone-800">
                      {label}
                    </th>
                    {series.map((s) => (
                      <td key={s.name} className="py-1 pr-3 text-right tabular-nums text-stone-800">
                        {s.values[i]}
                      </td>
                    ))}
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        </div>
      )}
    </section>
  );
}

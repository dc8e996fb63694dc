import type { ReactNode } from 'react';

/** A table on wide screens, stacked rows below 640 px (the header row only read out); long names wrap instead of pushing the page sideways. */
export function RowTable({ label, columns, children }: { label: string; columns: { label: string; hidden?: boolean }[]; children: ReactNode }) {
  return (
    <table aria-label={label} className="mt-4 w-full text-left text-sm">
      <thead className="sr-only sm:not-sr-only">
        <tr className="border-b border-stone-200 text-stone-600">
          {columns.map((column) => (
            <th key={column.label} scope="col" className="py-2 pr-4 font-medium last:pr-0">
              {column.hidden ? <span className="sr-only">{column.label}</span> : column.label}
            </th>
          ))}
        </tr>
      </thead>
      <tbody className="divide-y divide-stone-200">{children}</tbody>
    </table>
  );
}

export const rowClass = 'flex flex-wrap items-center gap-x-4 gap-y-2 py-3 sm:table-row';
export const rowCellClass = 'min-w-0 [overflow-wrap:anywhere] sm:py-3 sm:pr-4 sm:align-middle sm:last:pr-0';
export const fullOnNarrow = 'w-full sm:w-auto';

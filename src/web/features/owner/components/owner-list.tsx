import type { Key, ReactNode } from 'react';

/** Rows split by lines in one white box: the customers, products, stock and shop-front lists. */
export const boxedList = 'flex flex-col divide-y divide-slate-200 rounded-lg border border-slate-200 bg-white';

/** A list on the owner's screens: one `li` per item, keyed by `keyOf`, holding `row(item)`. */
export function OwnerList<T>({
  items,
  keyOf,
  row,
  className = boxedList,
}: {
  items: readonly T[];
  keyOf: (item: T) => Key;
  row: (item: T) => ReactNode;
  className?: string;
}) {
  return (
    <ul className={className}>
      {items.map((item) => (
        <li key={keyOf(item)}>{row(item)}</li>
      ))}
    </ul>
  );
}

/** A section's heading (`id` for its aria-labelledby), with what acts on the whole section at its end. */
export function SectionHeading({ id, title, children }: { id: string; title: string; children?: ReactNode }) {
  return (
    <div className="flex flex-wrap items-center justify-between gap-2">
      <h2 id={id} className="text-lg font-semibold">
        {title}
      </h2>
      {children}
    </div>
  );
}

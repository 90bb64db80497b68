/** The labelled search box above an owner list (products, stock, customers); `className` lays out the label around it. */
export function OwnerSearchBox({ label, value, onChange, className }: { label: string; value: string; onChange: (value: string) => void; className?: string }) {
  return (
    <label className={`flex flex-col gap-1 text-sm font-medium ${className}`.trim()}>
      {label}
      <input
        type="search"
        value={value}
        onChange={(e) => onChange(e.target.value)}
        maxLength={100}
        className="rounded-md border border-slate-300 px-3 py-2 text-base font-normal"
      />
    </label>
  );
}

/** Loading placeholders (spec: 12 categories, 6 per product row, 10 on search). */
export function CardSkeletons({ count, className = "" }: { count: number; className?: string }) {
  return (
    <>
      {Array.from({ length: count }, (_, i) => (
        <div key={i} aria-hidden="true" className={`h-64 animate-pulse rounded-lg bg-neutral-100 ${className}`} />
      ))}
    </>
  );
}

export function CategorySkeletons({ count = 12 }: { count?: number }) {
  return (
    <>
      {Array.from({ length: count }, (_, i) => (
        <div key={i} aria-hidden="true" className="h-28 animate-pulse rounded-lg bg-neutral-100" />
      ))}
    </>
  );
}

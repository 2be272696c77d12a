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

function CategorySkeletons({ count = 12 }: { count?: number }) {
  return (
    <>
      {Array.from({ length: count }, (_, i) => (
        <div key={i} aria-hidden="true" className="h-28 animate-pulse rounded-lg bg-neutral-100" />
      ))}
    </>
  );
}

/** Spec: 12 category skeletons, 6 per product row. */
export function HomeSkeleton() {
  return (
    <>
      <div className="grid grid-cols-4 gap-2 sm:grid-cols-6 md:grid-cols-8 lg:grid-cols-10">
        <CategorySkeletons count={12} />
      </div>
      {[0, 1, 2].map((row) => (
        <div key={row} className="flex gap-3 overflow-hidden">
          <CardSkeletons count={6} className="w-40 shrink-0" />
        </div>
      ))}
    </>
  );
}

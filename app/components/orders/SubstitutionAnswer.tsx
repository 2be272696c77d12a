import { lazy, Suspense } from "react";
import type { SubstitutionView } from "~/server/operations/substitutions.server";

/**
 * Substitutions are answered on few orders, for a few minutes: their forms (SubstitutionProposals)
 * are a chunk of their own, fetched only when there is one to show. The server renders them whole
 * (documents are sent complete), so they work without JavaScript (client JS budget, decision 051).
 */
const SubstitutionProposals = lazy(() => import("~/components/orders/SubstitutionProposals").then((module) => ({ default: module.SubstitutionProposals })));

export function SubstitutionAnswer({ substitutions, serverNow }: { substitutions: SubstitutionView[]; serverNow: number }) {
  if (!substitutions.length) return null;
  return (
    <Suspense fallback={null}>
      <SubstitutionProposals substitutions={substitutions} serverNow={serverNow} />
    </Suspense>
  );
}

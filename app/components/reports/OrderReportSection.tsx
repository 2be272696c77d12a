import { lazy, Suspense, type ComponentProps } from "react";

/**
 * Only a delivered order can be reported: the section (OrderReportPanel, with its form and the
 * reports) is a chunk of its own, fetched only then. The server renders it whole (documents are sent
 * complete), so its plain multipart form works without JavaScript (client JS budget, decision 051).
 */
const OrderReportPanel = lazy(() => import("~/components/reports/OrderReportPanel").then((module) => ({ default: module.OrderReportPanel })));

export function OrderReportSection(props: ComponentProps<typeof OrderReportPanel>) {
  return (
    <Suspense fallback={null}>
      <OrderReportPanel {...props} />
    </Suspense>
  );
}

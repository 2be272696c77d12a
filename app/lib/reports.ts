/**
 * Reports of a delivered order's items (decision 050): the words, limits and shapes the order page,
 * /api and the metrics share, apart from the zod schemas (schemas/report.ts) so the pages that only
 * show reports load no zod in the browser.
 */
import type { ReportReason, ReportRefundDestination, ReportStatus } from "~/db/schema";
import { formatINR } from "./money";

/** What went wrong with an item, in the order the form offers them (the schema's REPORT_REASONS). */
export const REPORT_REASON_CHOICES = ["missing", "damaged", "wrong_item", "expired", "quality"] as const satisfies readonly ReportReason[];

export const REPORT_REASON_LABELS: Record<ReportReason, string> = {
  missing: "Missing",
  damaged: "Damaged",
  wrong_item: "Wrong item",
  expired: "Expired",
  quality: "Poor quality",
};

export const REFUND_DESTINATION_LABELS: Record<ReportRefundDestination, string> = {
  wallet: "My FreshDash wallet (at once)",
  original: "My original online payment",
};

/** The comment's limit in characters (the table's CHECK). */
export const REPORT_COMMENT_MAX = 500;
/** A photo: JPEG, PNG or WebP by its bytes, at most this large. */
export const REPORT_PHOTO_MAX_BYTES = 5 * 1024 * 1024;
/** Where a report's photo is served, to the shopper, the store's staff and admins only. */
export const reportPhotoPath = (reportId: string) => `/report-photo/${reportId}`;

/** The order page's row fields: `quantity.<productId>` (0 = not reported) and `reason.<productId>`. */
export const quantityField = (productId: string) => `quantity.${productId}`;
export const reasonField = (productId: string) => `reason.${productId}`;

/** A report as the order page and `GET /api/order/reports` show it (paise). */
export interface ReportView {
  id: string;
  status: ReportStatus;
  createdAt: number;
  claimedAmount: number;
  approvedAmount: number | null;
  refundTo: ReportRefundDestination;
  autoApproved: boolean;
  decisionReason: string | null;
  decidedAt: number | null;
  comment: string | null;
  hasPhoto: boolean;
  lines: { productId: string | null; name: string; quantity: number; reason: ReportReason; amount: number; approvedQuantity: number | null }[];
}

/** An item the shopper can still report: up to `max` units (delivered, minus approved in earlier reports). */
export interface ReportableItem {
  productId: string;
  name: string;
  unit: string;
  /** The units that can still be reported. */
  max: number;
  /** A replacement delivered for missing units of `replacing` (the line's own product's name). */
  replacing: string | null;
  /** Paise the shopper paid per unit. */
  unitValue: number;
}

/** The order page's report section: whether the window is open, until when, what can be reported, and the reports so far. */
export interface OrderReportsView {
  /** Epoch ms until which items can be reported, or null (not delivered, or no delivery time). */
  closesAt: number | null;
  open: boolean;
  /** The order was paid online: its refunds may go back to that payment. */
  online: boolean;
  reportable: ReportableItem[];
  /** Items with a report under review (they cannot be reported again until it is answered). */
  underReview: string[];
  reports: ReportView[];
}

/** The status a shopper reads: "Under review", "Approved ₹40 to your wallet", "Declined: reason". */
export function reportStatusText(report: Pick<ReportView, "status" | "approvedAmount" | "refundTo" | "decisionReason" | "claimedAmount">): string {
  if (report.status === "open") return "Under review";
  if (report.status === "declined") return report.decisionReason ? `Declined: ${report.decisionReason}` : "Declined";
  const amount = formatINR(report.approvedAmount ?? 0);
  const part = report.approvedAmount !== null && report.approvedAmount < report.claimedAmount ? ` of ${formatINR(report.claimedAmount)}` : "";
  return `Approved ${amount}${part} to your ${report.refundTo === "wallet" ? "wallet" : "original payment"}`;
}

/** POST /api/order/admin/report-refund { _id }: the report whose refund an admin sends again. */
import * as z from "zod";
import { ID_PATTERN } from "../ids";

export const apiReportRefundSchema = z.object({
  _id: z.string({ error: "Choose a report" }).regex(ID_PATTERN, "That is not a valid report id"),
});

// Written by the refunds branch.
import type { AppLoadContext } from "@remix-run/cloudflare";

export async function sendReportRefund(_context: AppLoadContext, _reportId: string): Promise<void> {}

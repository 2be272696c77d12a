import type { LoaderFunctionArgs } from "@remix-run/cloudflare";
import { Outlet } from "@remix-run/react";
import { AccountMenu } from "~/components/layout/AccountMenu";
import { useAccount } from "~/lib/hooks/use-account";
import { requireUser } from "~/server/identity/auth.server";

/** Every /dashboard page needs a session (redirect to /login?redirectTo=...); private, no-store like every personal response (cacheHeaders). */
export async function loader({ request, context }: LoaderFunctionArgs) {
  await requireUser(request, context);
  return null;
}

export default function DashboardLayout() {
  const account = useAccount();
  return (
    <div className="grid gap-4 lg:grid-cols-[250px_1fr]">
      <aside className="sticky top-24 hidden max-h-[calc(100vh-96px)] self-start overflow-y-auto border-r border-neutral-200 py-4 pr-4 lg:block">
        {account ? <AccountMenu account={account} navLabel="Dashboard" /> : null}
      </aside>
      <div className="min-w-0">
        <Outlet />
      </div>
    </div>
  );
}

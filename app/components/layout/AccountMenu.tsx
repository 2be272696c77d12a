import { Form, NavLink } from "@remix-run/react";
import type { Account } from "~/lib/hooks/use-account";

const ADMIN_LINKS = [
  { to: "/dashboard/category", label: "Category" },
  { to: "/dashboard/subcategory", label: "Sub Category" },
  { to: "/dashboard/upload-product", label: "Upload Product" },
  { to: "/dashboard/product", label: "Product" },
  { to: "/dashboard/orders", label: "Orders" },
  { to: "/dashboard/stores", label: "Stores" },
  { to: "/dashboard/coupons", label: "Coupons" },
  { to: "/dashboard/search-insights", label: "Search Insights" },
  { to: "/dashboard/reports", label: "Reports" },
];

const linkClass = ({ isActive }: { isActive: boolean }) => `block rounded px-2 py-1.5 hover:bg-orange-100 ${isActive ? "bg-orange-100 font-semibold" : ""}`;

/**
 * 'My Account' menu (spec "Layout"): shared by the header dropdown, /user and the dashboard side
 * menu. On /user it is the whole page, so its title is the page's h1 there. `navLabel` names its
 * links' landmark, which must differ from the header dropdown's when both are on the page.
 */
export function AccountMenu({
  account,
  onNavigate,
  titleIsPageHeading = false,
  navLabel = "Account",
}: {
  account: Account;
  onNavigate?: () => void;
  titleIsPageHeading?: boolean;
  navLabel?: string;
}) {
  const isAdmin = account.role === "ADMIN";
  const Title = titleIsPageHeading ? "h1" : "p";
  return (
    <div className="grid gap-2 text-sm">
      <div>
        <Title className="font-semibold">My Account</Title>
        <NavLink to="/dashboard/profile" onClick={onNavigate} className="flex items-center gap-1 text-neutral-600 hover:text-brand">
          <span className="max-w-52 truncate">{account.name || account.mobile}</span>
          {isAdmin ? <span className="font-medium text-red-600">(Admin)</span> : null}
        </NavLink>
      </div>
      <hr className="border-neutral-200" />
      <nav aria-label={navLabel} className="grid gap-0.5">
        {isAdmin
          ? ADMIN_LINKS.map((l) => (
              <NavLink key={l.to} to={l.to} onClick={onNavigate} className={linkClass}>
                {l.label}
              </NavLink>
            ))
          : null}
        {account.staffStoreId ? (
          <NavLink to={`/dashboard/stores/${account.staffStoreId}/queue`} onClick={onNavigate} className={linkClass}>
            Store queue
          </NavLink>
        ) : null}
        {account.staffStoreId && account.staffRole === "rider" ? (
          <NavLink to={`/dashboard/stores/${account.staffStoreId}/deliveries`} onClick={onNavigate} className={linkClass}>
            My deliveries
          </NavLink>
        ) : null}
        {account.staffStoreId && account.staffRole === "manager" && !isAdmin ? (
          <NavLink to="/dashboard/reports" onClick={onNavigate} className={linkClass}>
            Reports
          </NavLink>
        ) : null}
        <NavLink to="/dashboard/myorders" onClick={onNavigate} className={linkClass}>
          My Orders
        </NavLink>
        <NavLink to="/dashboard/address" onClick={onNavigate} className={linkClass}>
          Save Address
        </NavLink>
        <Form method="post" action="/logout">
          <button type="submit" className="w-full rounded px-2 py-1.5 text-left hover:bg-orange-100">
            Log Out
          </button>
        </Form>
      </nav>
    </div>
  );
}

import { data, type LinksFunction, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/cloudflare";
import {
  isRouteErrorResponse,
  Links,
  Meta,
  Outlet,
  Scripts,
  ScrollRestoration,
  useRouteError,
  useRouteLoaderData,
} from "@remix-run/react";
import type { ReactNode } from "react";
import { FlashMessage } from "~/components/FlashMessage";
import { Footer } from "~/components/Footer";
import { Header } from "~/components/Header";
import { ShowServerToast, ToastProvider } from "~/components/Toaster";
import stylesheet from "~/styles.css?url";
import { MobileCartBar } from "~/components/MobileCartBar";
import { useHydrated } from "~/lib/use-hydrated";
import { loadCart } from "~/utils/cart.server";
import { cartOwnerFor, getShopper } from "~/utils/shopper.server";
import { getToast } from "~/utils/toast.server";

export async function loader({ request, context }: LoaderFunctionArgs) {
  const { toast, headers } = await getToast(context, request);
  const user = await getShopper(request, context);
  const cart = await loadCart(context, await cartOwnerFor(request, context, user));
  return data({ toast, cart }, { headers: headers ?? undefined });
}

export const links: LinksFunction = () => [
  { rel: "stylesheet", href: stylesheet },
  { rel: "icon", href: "/favicon.ico", sizes: "any" },
];

export const meta: MetaFunction = () => [
  { title: "FreshDash — groceries delivered in 10 minutes" },
  {
    name: "description",
    content: "Order milk, bread, fruits, vegetables, snacks and more online and get them delivered in about 10 minutes.",
  },
];

export function Layout({ children }: { children: ReactNode }) {
  const rootData = useRouteLoaderData<typeof loader>("root");
  const toast = rootData?.toast ?? null;
  const hydrated = useHydrated();
  return (
    <html lang="en-IN">
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <meta name="theme-color" content="#0c831f" />
        <Meta />
        <Links />
      </head>
      <body className="flex min-h-screen flex-col">
        <ToastProvider>
          <Header />
          <main id="main" className="mx-auto w-full max-w-7xl flex-1 px-3 py-4 sm:px-4">
            {toast && !hydrated ? <FlashMessage toast={toast} /> : null}
            <ShowServerToast toast={toast} />
            {children}
          </main>
          <MobileCartBar />
          <Footer />
        </ToastProvider>
        <ScrollRestoration />
        <Scripts />
      </body>
    </html>
  );
}

export default function App() {
  return <Outlet />;
}

/** Never shows a stack trace: the status and a plain message only. */
export function ErrorBoundary() {
  const error = useRouteError();
  const status = isRouteErrorResponse(error) ? error.status : 500;
  const message = isRouteErrorResponse(error)
    ? typeof error.data === "string" && error.data
      ? error.data
      : status === 404
        ? "No route matches URL"
        : error.statusText
    : "Something went wrong on our side. Please try again in a moment.";
  return (
    <section className="mx-auto max-w-lg py-16 text-center" aria-labelledby="error-title">
      <h1 id="error-title" className="text-2xl font-bold text-neutral-900">
        Unexpected Application Error!
      </h1>
      <p className="mt-3 text-lg font-semibold text-red-600">
        {status} {status === 404 ? "Not Found" : ""}
      </p>
      <p className="mt-2 text-neutral-600">{message}</p>
      <a href="/" className="mt-6 inline-block rounded bg-brand px-4 py-2 font-semibold text-white hover:bg-brand-dark">
        Go To Home
      </a>
    </section>
  );
}

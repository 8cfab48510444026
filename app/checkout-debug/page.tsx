import type { Metadata } from "next";
import { notFound } from "next/navigation";
import { CheckoutPage } from "@/components/checkout/checkout-page";
import { checkoutMetadata } from "@/components/checkout/metadata";
import { isAdminRequest } from "@/lib/admin-auth/admin-guard";

export const dynamic = "force-dynamic";
export const metadata: Metadata = checkoutMetadata("checkout-debug");

/** Admin only: the proxy refuses visitors; the page checks again itself (docs/product-rules.md §D4). */
export default async function Page() {
  if (!(await isAdminRequest())) notFound();
  return <CheckoutPage variant="checkout-debug" />;
}

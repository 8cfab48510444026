import type { Metadata } from "next";
import { CheckoutPage } from "@/components/checkout/checkout-page";
import { checkoutMetadata } from "@/components/checkout/metadata";

export const dynamic = "force-dynamic";
export const metadata: Metadata = checkoutMetadata("checkout-professional");

export default function Page() {
  return <CheckoutPage variant="checkout-professional" />;
}

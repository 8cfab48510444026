"use client";

import dynamic from "next/dynamic";

/**
 * The checkout's interactive parts, each in its own chunk: every checkout route renders
 * the same CheckoutPage, but a page downloads the card code (react-stripe-js) or the
 * wallet code (react-paypal-js) only when its variant shows that part.
 */
export const LazyCardCheckout = dynamic(() => import("./card-checkout").then((m) => m.CardCheckout));
export const LazyWalletCheckout = dynamic(() => import("./wallet-checkout").then((m) => m.WalletCheckout));

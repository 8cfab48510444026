"use client";

import * as React from "react";
import { forgetSignedInHint } from "@/components/site/use-signed-in";

/**
 * Rendered by the sign-in page, which shows only when the server found no valid session: a
 * signed-in hint left in this browser (a session that expired or was revoked elsewhere) is
 * cleared, so the header stops offering a subscriber's links (lib/accounts/signed-in-hint.ts).
 */
export function ForgetSignedInHint() {
  React.useEffect(forgetSignedInHint, []);
  return null;
}

"use client";

import * as React from "react";
import { signOut } from "next-auth/react";
import { Loader2, LogOut } from "lucide-react";
import { Button } from "@/components/ui/button";
import { SIGN_IN_PATH } from "@/lib/admin-auth/paths";

/** Ends the admin session (next-auth clears the cookie) and goes to the sign-in page. */
export function SignOutButton() {
  const [busy, setBusy] = React.useState(false);
  async function onClick() {
    setBusy(true);
    try {
      await signOut({ redirect: false });
    } finally {
      window.location.assign(SIGN_IN_PATH);
    }
  }
  return (
    <Button type="button" variant="outline" size="sm" onClick={onClick} disabled={busy}>
      {busy ? <Loader2 aria-hidden className="animate-spin" /> : <LogOut aria-hidden />}
      Sign out
    </Button>
  );
}

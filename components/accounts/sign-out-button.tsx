"use client";

import * as React from "react";
import { useRouter } from "next/navigation";
import { Loader2, LogOut } from "lucide-react";
import { Button } from "@/components/ui/button";
import { postJson } from "@/lib/http/client";

/**
 * Signs out: POST /api/auth/sign-out ends the session on the server and clears the
 * cookie, then the browser goes to /sign-in. Signed out already (401): it goes there too.
 */
export function SignOutButton({ className }: { className?: string }) {
  const router = useRouter();
  const [pending, setPending] = React.useState(false);
  const signOut = async () => {
    setPending(true);
    try {
      await postJson("/api/auth/sign-out");
    } catch {
      // Already signed out, or the network failed: the sign-in page says where things stand.
    }
    // Replace: Back must not return to a page of the account that just signed out.
    router.replace("/sign-in?signedOut=1");
    router.refresh();
  };
  return (
    <Button type="button" variant="outline" size="sm" onClick={signOut} disabled={pending} className={className}>
      {pending ? <Loader2 aria-hidden className="animate-spin" /> : <LogOut aria-hidden />}
      Sign out
    </Button>
  );
}

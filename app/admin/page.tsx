import { redirect } from "next/navigation";
import { ADMIN_HOME_PATH } from "@/lib/admin-auth/paths";
import { requireAdminPage } from "@/lib/admin-auth/session";

export const dynamic = "force-dynamic";

/** /admin: the trial dashboard (after the admin check). */
export default async function AdminIndexPage() {
  await requireAdminPage("/admin");
  redirect(ADMIN_HOME_PATH);
}

import * as React from "react";
import { BackHeader } from "@/components/site/back-header";
import { SiteFooter } from "@/components/site/site-footer";

/** The frame of the legal pages: title, last-updated date, readable prose. */
export function LegalPage({ title, updated, children }: { title: string; updated: string; children: React.ReactNode }) {
  return (
    <>
      <BackHeader />
      <main
        id="main"
        className="mx-auto max-w-3xl px-4 py-12 text-slate-800 sm:px-6 [&_a]:text-primary [&_a]:underline [&_h2]:mt-10 [&_h2]:text-xl [&_h2]:font-bold [&_h2]:text-brand-navy [&_h3]:mt-6 [&_h3]:text-lg [&_h3]:font-semibold [&_h3]:text-brand-navy [&_li]:mt-1 [&_p]:mt-4 [&_p]:leading-7 [&_ul]:mt-3 [&_ul]:list-disc [&_ul]:pl-6"
      >
        <h1 className="text-3xl font-bold text-brand-navy sm:text-4xl">{title}</h1>
        <p className="text-sm text-muted-foreground">Last updated {updated}</p>
        {children}
      </main>
      <SiteFooter />
    </>
  );
}

import type { Metadata } from "next";
import { BackHeader } from "@/components/site/back-header";
import { pageMetadata } from "@/lib/seo";
import { ChimeTest, ImpactChart, SupportChecks } from "./multimedia-checks";

export const metadata: Metadata = pageMetadata({
  title: "Multimedia test",
  description: "Checks that this browser supports the Web Audio API and canvas animations used by the e-book.",
  path: "/multimedia-test",
  noIndex: true,
});

const EXPECTED = [
  "Web Audio API and Canvas 2D both show OK.",
  "Play Test Chimes plays three rising tones (A4 440 Hz, C#5 554.37 Hz, E5 659.25 Hz), then the status says the chimes played.",
  "The Tariff Impact Analysis chart animates: bars grow one after another and the chart repeats.",
  "Pause Animation freezes the chart; Play Animation continues it.",
] as const;

const TROUBLESHOOTING = [
  "No sound: check that the tab is not muted and the system volume is up. Browsers only allow sound after a click on the page.",
  "Web Audio API shows Missing: update the browser, or try a current Chrome, Edge, Firefox or Safari.",
  "The chart does not move: your system may ask for reduced motion, which shows one still frame. Press Play Animation to start it.",
] as const;

/** Developer page (docs/product-rules.md §2): Web Audio and canvas support, test chimes and an animated chart. No network calls. */
export default function MultimediaTestPage() {
  return (
    <>
      <BackHeader backHref="/tariffs-ebook" backLabel="Back to E-book" />
      <main id="main" className="bg-slate-50">
        <div className="mx-auto grid max-w-4xl gap-8 px-4 py-10 sm:px-6">
          <div>
            <p className="text-sm font-semibold uppercase tracking-wide text-primary">Developer page</p>
            <h1 className="mt-1 text-3xl font-bold tracking-tight text-brand-navy">Multimedia Test</h1>
            <p className="mt-2 text-slate-700">Checks the browser features the e-book&apos;s audio and animated charts rely on.</p>
          </div>

          <section aria-labelledby="support-heading" className="grid gap-4 rounded-xl border bg-white p-6 shadow-sm">
            <h2 id="support-heading" className="text-xl font-semibold text-slate-900">
              Browser support
            </h2>
            <SupportChecks />
          </section>

          <section aria-labelledby="audio-heading" className="grid gap-4 rounded-xl border bg-white p-6 shadow-sm">
            <h2 id="audio-heading" className="text-xl font-semibold text-slate-900">
              Audio test
            </h2>
            <ChimeTest />
          </section>

          <section aria-labelledby="canvas-heading" className="grid gap-4 rounded-xl border bg-white p-6 shadow-sm">
            <h2 id="canvas-heading" className="text-xl font-semibold text-slate-900">
              Canvas test: tariff impact analysis
            </h2>
            <ImpactChart />
          </section>

          <div className="grid gap-8 md:grid-cols-2">
            <section aria-labelledby="expected-heading" className="rounded-xl border bg-white p-6 shadow-sm">
              <h2 id="expected-heading" className="text-lg font-semibold text-slate-900">
                Expected results
              </h2>
              <ul className="mt-3 grid list-disc gap-2 pl-5 text-sm text-slate-700" data-testid="expected-results">
                {EXPECTED.map((item) => (
                  <li key={item}>{item}</li>
                ))}
              </ul>
            </section>
            <section aria-labelledby="trouble-heading" className="rounded-xl border bg-white p-6 shadow-sm">
              <h2 id="trouble-heading" className="text-lg font-semibold text-slate-900">
                Troubleshooting
              </h2>
              <ul className="mt-3 grid list-disc gap-2 pl-5 text-sm text-slate-700" data-testid="troubleshooting">
                {TROUBLESHOOTING.map((item) => (
                  <li key={item}>{item}</li>
                ))}
                <li>
                  If this page does not load or work, open the static fallback page{" "}
                  <a href="/multimedia-test.html" className="font-semibold text-primary underline underline-offset-4" data-testid="static-fallback-link">
                    multimedia-test.html
                  </a>
                  , which runs the same checks in plain JavaScript.
                </li>
              </ul>
            </section>
          </div>
        </div>
      </main>
    </>
  );
}

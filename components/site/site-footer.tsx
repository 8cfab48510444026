import Link from "next/link";
import { MARKET_DASHBOARD_PATH } from "@/lib/accounts/paths";
import { ShieldAlert } from "@/components/ui/icon";
import { site } from "@/lib/site";

/** Every footer link is at least 24 px tall (WCAG 2.5.8 target size; docs/experience.md "Navigation"). */
const linkClass = "inline-flex min-h-6 items-center hover:text-white";

/** The footer: contact address (#contact), product links, legal links, social links. */
export function SiteFooter() {
  return (
    <footer id="contact" className="scroll-mt-16 bg-brand-navy text-slate-200">
      <div className="mx-auto grid max-w-7xl gap-10 px-4 py-12 sm:px-6 md:grid-cols-4">
        <div className="md:col-span-2">
          <p className="flex items-center gap-2 text-lg font-bold text-white">
            <ShieldAlert aria-hidden className="size-6" />
            {site.name}
          </p>
          <p className="mt-3 max-w-md text-sm text-slate-300">{site.description}</p>
          <address className="mt-4 text-sm not-italic text-slate-300">
            {site.operator}
            <br />
            {site.contactAddress.street}
            <br />
            {site.contactAddress.city}
            <br />
            <a href={`mailto:${site.supportEmail}`} className={`${linkClass} underline`}>
              {site.supportEmail}
            </a>
          </address>
        </div>
        <div>
          <h2 className="text-sm font-semibold uppercase tracking-wide text-white">Product</h2>
          <ul className="mt-3 space-y-1 text-sm">
            <li><Link href={MARKET_DASHBOARD_PATH} className={linkClass}>Market Alerts</Link></li>
            <li><Link href="/duty" className={linkClass}>Duty Lookup</Link></li>
            <li><Link href="/calculator" className={linkClass}>Savings Calculator</Link></li>
            <li><Link href="/demo" className={linkClass}>Demo</Link></li>
            <li><Link href="/testimonials" className={linkClass}>Testimonials</Link></li>
            <li><Link href="/tariffs-ebook" className={linkClass}>Tariff Survival E-book</Link></li>
          </ul>
        </div>
        <div>
          <h2 className="text-sm font-semibold uppercase tracking-wide text-white">Company</h2>
          <ul className="mt-3 space-y-1 text-sm">
            <li><Link href="/privacy" className={linkClass}>Privacy Policy</Link></li>
            <li><Link href="/terms" className={linkClass}>Terms of Service</Link></li>
            <li><a href={`mailto:${site.supportEmail}`} className={linkClass}>Help &amp; Support</a></li>
          </ul>
          <h2 className="mt-6 text-sm font-semibold uppercase tracking-wide text-white">Follow</h2>
          <ul className="mt-3 flex flex-wrap gap-x-4 gap-y-1 text-sm">
            <li><a href={site.social.twitter} target="_blank" rel="noopener noreferrer" className={linkClass}>X / Twitter<span className="sr-only"> (opens in a new tab)</span></a></li>
            <li><a href={site.social.facebook} target="_blank" rel="noopener noreferrer" className={linkClass}>Facebook<span className="sr-only"> (opens in a new tab)</span></a></li>
            <li><a href={site.social.followUs} target="_blank" rel="noopener noreferrer" className={linkClass}>LinkedIn<span className="sr-only"> (opens in a new tab)</span></a></li>
          </ul>
        </div>
      </div>
      <div className="border-t border-white/10">
        <p className="mx-auto max-w-7xl px-4 py-6 text-xs text-slate-300 sm:px-6">
          Copyright {new Date().getFullYear()} {site.operator}. Price data from the US Bureau of Labor Statistics. Not affiliated with any government agency.
        </p>
      </div>
    </footer>
  );
}

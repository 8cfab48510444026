import { ChevronDown } from "@/components/ui/icon";
import { FAQS } from "@/lib/faq";
import { site } from "@/lib/site";
import { containerClass, SectionHeading, sectionClass } from "./section-heading";

/**
 * Frequently asked questions as native disclosure widgets (<details>/<summary>): keyboard
 * and screen-reader support from the browser, and no JavaScript at all.
 */
export function Faq() {
  return (
    <section id="faq" aria-labelledby="faq-heading" data-reveal className={sectionClass}>
      <div className={containerClass}>
        <SectionHeading
          id="faq-heading"
          eyebrow="FAQ"
          title="Frequently asked questions"
          description={
            <>
              Can&rsquo;t find your answer? Email us at{" "}
              <a href={`mailto:${site.supportEmail}`} className="font-medium text-primary underline underline-offset-4">
                {site.supportEmail}
              </a>
              .
            </>
          }
        />
        <div className="mx-auto mt-12 max-w-3xl divide-y divide-slate-200 border-y border-slate-200" data-testid="faq">
          {FAQS.map((faq) => (
            <details key={faq.id} name="faq" className="group">
              <summary className="flex cursor-pointer list-none items-center justify-between gap-4 py-4 text-left text-base font-semibold text-brand-navy hover:underline sm:text-lg [&::-webkit-details-marker]:hidden">
                {faq.question}
                <ChevronDown aria-hidden className="size-4 shrink-0 transition-transform duration-200 group-open:rotate-180" />
              </summary>
              <p className="pb-4 text-base leading-relaxed text-muted-foreground">{faq.answer}</p>
            </details>
          ))}
        </div>
      </div>
    </section>
  );
}

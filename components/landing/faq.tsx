import Link from "next/link";
import { FAQS } from "@/lib/faq";
import { site } from "@/lib/site";
import { SectionHeading } from "./section-heading";

/**
 * Frequently asked questions as native disclosure widgets (<details>/<summary>): keyboard
 * and screen-reader support from the browser, and no JavaScript at all. Styled by `lp-faq`
 * (the chevron is CSS).
 */
export function Faq() {
  return (
    <section id="faq" aria-labelledby="faq-heading" data-reveal className="lp-sec">
      <div>
        <SectionHeading
          id="faq-heading"
          eyebrow="FAQ"
          title="Frequently asked questions"
          description={
            <>
              Can&rsquo;t find your answer? Email us at <a href={`mailto:${site.supportEmail}`}>{site.supportEmail}</a>.
            </>
          }
        />
        <div className="lp-faq" data-testid="faq">
          {FAQS.map((faq) => (
            <details key={faq.id} name="faq">
              <summary>{faq.question}</summary>
              <p>
                {faq.answer}
                {faq.link ? (
                  <>
                    {" "}
                    <Link href={faq.link.href} data-testid={`faq-link-${faq.id}`}>
                      {faq.link.label}
                    </Link>
                    .
                  </>
                ) : null}
              </p>
            </details>
          ))}
        </div>
      </div>
    </section>
  );
}

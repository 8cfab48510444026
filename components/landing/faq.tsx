import { Accordion, AccordionContent, AccordionItem, AccordionTrigger } from "@/components/ui/accordion";
import { FAQS } from "@/lib/faq";
import { site } from "@/lib/site";
import { containerClass, SectionHeading, sectionClass } from "./section-heading";

/** Frequently asked questions (Radix accordion: the only client code here is the accordion itself). */
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
        <Accordion type="single" collapsible className="mx-auto mt-12 max-w-3xl" data-testid="faq">
          {FAQS.map((faq) => (
            <AccordionItem key={faq.id} value={faq.id} className="border-slate-200">
              <AccordionTrigger className="text-base text-brand-navy sm:text-lg">{faq.question}</AccordionTrigger>
              <AccordionContent className="text-base leading-relaxed">{faq.answer}</AccordionContent>
            </AccordionItem>
          ))}
        </Accordion>
      </div>
    </section>
  );
}

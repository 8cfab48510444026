import { formatPrice, PLANS, TRIAL_DAYS } from "@/lib/catalog";
import { site } from "@/lib/site";

/**
 * The landing page's frequently asked questions, as plain text: the page shows them in an
 * accordion and the same list is published as FAQPage structured data.
 */
export type Faq = { id: string; question: string; answer: string };

export const FAQS: readonly Faq[] = [
  {
    id: "free-trial",
    question: "How does the free trial work?",
    answer: `Your ${TRIAL_DAYS}-day free trial starts as soon as you sign up, with no card required. You get basic tariff alerts for up to 3 product categories, email notifications and the weekly market report. We remind you before the trial ends, and nothing is charged unless you choose a paid plan.`,
  },
  {
    id: "payment-methods",
    question: "Which payment methods do you accept?",
    answer:
      "We accept all major credit and debit cards through Stripe, our card payment provider, as well as PayPal, phone wallets (Apple Pay and Google Pay), and peer-to-peer payment apps (Venmo, Cash App and Zelle).",
  },
  {
    id: "cancel",
    question: "Can I cancel anytime?",
    answer:
      "Yes. There are no long-term contracts: plans are billed month to month and you can cancel whenever you like. After you cancel, you are not billed again.",
  },
  {
    id: "guarantee",
    question: "Is there a money-back guarantee?",
    answer: `Yes. Paid plans come with a 30-day money-back guarantee. If TariffWatch is not right for you, email ${site.supportEmail} within 30 days of your payment for a full refund.`,
  },
  {
    id: "data-sources",
    question: "Where does your data come from?",
    answer:
      "Consumer and producer price indexes (CPI and PPI) come from the US Bureau of Labor Statistics, and tariff news and notices come from the Federal Register and other public government sources. We store and refresh this data regularly, and we label anything that is sample data.",
  },
  {
    id: "which-plan",
    question: "Which plan is right for me?",
    answer: `The ${PLANS.consumer.name} (${formatPrice(PLANS.consumer.amountCents)} ${PLANS.consumer.period}) suits most households: unlimited categories, real-time alerts and the alternative finder. The ${PLANS.professional.name} (${formatPrice(PLANS.professional.amountCents)} ${PLANS.professional.period}) adds advanced analytics, custom alert thresholds, API access and data export for small businesses and power users.`,
  },
  {
    id: "first-alert",
    question: "How soon will I get my first alert?",
    answer:
      "Usually within 24 hours of choosing your product categories. We monitor prices around the clock and alert you as soon as a tariff change affects something you buy.",
  },
];

import { formatPrice, PLANS, TRIAL_DAYS } from "@/lib/catalog";
import { site } from "@/lib/site";

/**
 * The landing page's frequently asked questions, as plain text: the page shows them in an
 * accordion and the same list is published as FAQPage structured data.
 */
/** `link`: where the answer can be acted on (shown after the answer on the page; the structured data names its page in words). */
export type Faq = { id: string; question: string; answer: string; link?: { href: string; label: string } };

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
      "We accept credit and debit cards through Stripe, our card payment provider, as well as PayPal. When PayPal is unavailable, the PayPal checkouts list Venmo, Cash App and Zelle for a manual payment, which we activate by hand. Phone wallets (Apple Pay, Google Pay) are not offered.",
  },
  {
    id: "cancel",
    question: "Can I cancel anytime?",
    answer:
      "Yes. There are no long-term contracts: plans are billed month to month and you can cancel whenever you like, yourself, from the Billing section of your Account page. After you cancel, you are not billed again.",
    link: { href: "/account", label: "Cancel or change your plan in your account" },
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
      "Duty rates come from the US International Trade Commission's Harmonized Tariff Schedule and the Federal Register documents that create each tariff measure; consumer and producer price indexes (CPI and PPI) come from the US Bureau of Labor Statistics. Every figure on an alert names its source and date, and we label anything that is sample data.",
  },
  {
    id: "which-plan",
    question: "Which plan is right for me?",
    answer: `The ${PLANS.consumer.name} (${formatPrice(PLANS.consumer.amountCents)} ${PLANS.consumer.period}) suits most households: unlimited categories, real-time alerts, the lower-tariff source finder and the dollar impact on your own items. The ${PLANS.professional.name} (${formatPrice(PLANS.professional.amountCents)} ${PLANS.professional.period}) adds custom alert thresholds, CSV export, API access and priority support for small businesses and power users.`,
  },
  {
    id: "first-alert",
    question: "How soon will I get my first alert?",
    answer:
      "When a tariff change reaches something you watch: a new measure, a scheduled effective date or a status change (for example a duty struck down or expiring) that moves the projected price past your threshold. Paid plans get the alert by email as it happens; the free trial collects alerts in the daily or weekly digest. Weeks with no relevant change bring no alert.",
  },
];

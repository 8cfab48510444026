/**
 * The nine chapters of the "Tariff Survival Guide" e-book, and the narrator voice personas
 * used to read them aloud (docs/product-rules.md §2, §3, §D6).
 *
 * Pure data (its imports are constants: ./narration's speaking rate and the engine's shelf ramp,
 * lib/tariffs/shelf-timing.ts, so the timing the guide teaches is the one the projections use):
 * the chapter library's client components read it as well as the
 * server. Transcripts are plain text written to be spoken, paragraphs separated by a blank
 * line. Figures attributed to the Bureau of Labor Statistics come from the repo's offline
 * economic snapshot (shared/data/economic-snapshot) and are stated with their month; every
 * other number in a transcript is labelled as an example or a rule of thumb.
 */

import { percentOnShelfAfter, RAMP_MONTHS, RAMP_SOURCE } from "@/lib/tariffs/shelf-timing";
import { WORDS_PER_MINUTE } from "./narration";

/** Names of lucide-react icons, one per chapter card. */
export type ChapterIcon =
  | "landmark"
  | "ship"
  | "calculator"
  | "search"
  | "wallet"
  | "map-pin"
  | "users"
  | "scale"
  | "compass";

export type Chapter = {
  /** 1-9, in reading order. */
  id: number;
  /** Kebab-case form of the title; used in the media URLs. */
  slug: string;
  title: string;
  /** One or two sentences for the chapter card. */
  description: string;
  icon: ChapterIcon;
  /**
   * "m:ss": how long the browser's voice takes to read the transcript, estimated from its
   * words (see `estimateSpeechSeconds`). Not the spec's table: the narration is the
   * transcript read aloud, so its length follows from the text (docs/experience.md "/tariffs-ebook").
   */
  duration: string;
  /** `duration` in seconds. */
  durationSeconds: number;
  /** Words in the transcript, the basis of the estimate. */
  words: number;
  hasInteractiveChart: boolean;
  /** For chapters with a chart: one sentence on what the interactive chart shows. */
  chartNote?: string;
  keyPoints: [string, string, string, string];
  /** Narration text; paragraphs separated by a blank line. */
  transcript: string;
  audioUrl: string;
  videoUrl: string;
  /** Chapters 1-3 are the free preview. */
  previewFree: boolean;
};

export type NarratorProfile = { name: string; rate: number; pitch: number; volume: number };

/** Seconds in an "m:ss" or "mm:ss" duration. Throws on anything else. */
export function parseDuration(mmss: string): number {
  const match = /^(\d{1,2}):([0-5]\d)$/.exec(mmss.trim());
  if (!match) throw new Error(`Invalid duration "${mmss}": expected mm:ss`);
  return Number(match[1]) * 60 + Number(match[2]);
}

const FREE_PREVIEW_CHAPTERS = 3;

const paragraphs = (...parts: string[]): string => parts.join("\n\n");

type ChapterSource = Omit<Chapter, "duration" | "durationSeconds" | "words" | "audioUrl" | "videoUrl" | "previewFree">;

export function countWords(text: string): number {
  const trimmed = text.trim();
  return trimmed ? trimmed.split(/\s+/).length : 0;
}

/** Seconds the browser's voice needs for `text` at `rate` (rounded to whole seconds). */
export function estimateSpeechSeconds(text: string, rate = 1): number {
  return Math.round((countWords(text) / (WORDS_PER_MINUTE * rate)) * 60);
}

/** "m:ss" for whole seconds. */
export function formatDuration(seconds: number): string {
  return `${Math.floor(seconds / 60)}:${String(seconds % 60).padStart(2, "0")}`;
}

function chapter(source: ChapterSource): Chapter {
  const seconds = estimateSpeechSeconds(source.transcript, narratorFor(source.id).rate);
  return {
    ...source,
    duration: formatDuration(seconds),
    durationSeconds: seconds,
    words: countWords(source.transcript),
    audioUrl: `/audio/chapter-${source.id}-${source.slug}.mp3`,
    videoUrl: `/video/chapter-${source.id}-${source.slug}.mp4`,
    previewFree: source.id <= FREE_PREVIEW_CHAPTERS,
  };
}

/** Speech-synthesis volume for every narrator (docs/product-rules.md §9). */
const NARRATION_VOLUME = 0.8;

const DEFAULT_NARRATOR: NarratorProfile = {
  name: "Dr. Sarah Mitchell, Trade Economist",
  rate: 0.85,
  pitch: 1.0,
  volume: NARRATION_VOLUME,
};

/**
 * Voice personas for the browser's speech synthesis, one per chapter: display name, rate
 * (0.8-0.9), pitch (0.6-1.2) and volume. The names are fictional narrator personas.
 */
export const NARRATOR_PROFILES: Readonly<Record<number, NarratorProfile>> = Object.freeze({
  1: DEFAULT_NARRATOR,
  2: { name: "Marcus Reyes, Customs and Logistics Specialist", rate: 0.82, pitch: 0.8, volume: NARRATION_VOLUME },
  3: { name: "Dr. Priya Natarajan, Consumer Price Analyst", rate: 0.85, pitch: 1.1, volume: NARRATION_VOLUME },
  4: { name: "Jordan Ellis, Consumer Research Coach", rate: 0.88, pitch: 0.95, volume: NARRATION_VOLUME },
  5: { name: "Linda Okafor, Household Budget Planner", rate: 0.84, pitch: 1.05, volume: NARRATION_VOLUME },
  6: { name: "Tom Becker, Small Business Sourcing Advisor", rate: 0.83, pitch: 0.7, volume: NARRATION_VOLUME },
  7: { name: "Grace Huang, Community Co-op Organizer", rate: 0.87, pitch: 1.15, volume: NARRATION_VOLUME },
  8: { name: "Dr. Alan Foster, Behavioral Economist", rate: 0.82, pitch: 0.75, volume: NARRATION_VOLUME },
  9: { name: "Rachel Donovan, Financial Wellness Guide", rate: 0.86, pitch: 1.0, volume: NARRATION_VOLUME },
});

export const CHAPTERS: readonly Chapter[] = Object.freeze([
  chapter({
    id: 1,
    slug: "what-are-tariffs-and-why-should-you-care",
    title: "What are Tariffs and Why Should You Care?",
    description:
      "Learn what a tariff is, who actually pays it at the border, and why it can still show up in the price of things you buy every day.",
    icon: "landmark",
    hasInteractiveChart: true,
    chartNote:
      "An example chart showing how a 25% tariff on a $20 import cost could move a $40 shelf price when none, half or all of the duty is passed on to shoppers.",
    keyPoints: [
      "A tariff is a tax on imported goods, collected by U.S. Customs and Border Protection at the border.",
      "The importer of record pays the duty; part of it is often passed on to shoppers, usually with a delay.",
      "Section 232 and Section 301 are two common legal authorities for extra tariffs.",
      "A tariff rate is not the same number as the price increase you see on the shelf.",
    ],
    transcript: paragraphs(
      "Welcome to the Tariff Survival Guide. Over the next nine chapters, we're going to take a topic that sounds like it belongs to trade lawyers and turn it into a set of everyday habits you can use at the store, online, and at your kitchen table when you plan your budget. Let's start with the basics.",
      "A tariff is a tax on goods that come into the country from abroad. In the United States, tariffs are also called duties, and they are collected by U.S. Customs and Border Protection, usually shortened to CBP, when goods enter the country. The bill goes to the importer of record, which is the company or person legally responsible for bringing the goods in. Most of the time that's an American business: a retailer, a wholesaler, or a manufacturer buying parts from overseas.",
      "That detail matters, so let's be clear about it. A foreign government does not write a check to the U.S. Treasury when a tariff goes up. The importer pays. The foreign supplier might lower its price a little to keep the business. The importer might absorb part of the cost and accept a thinner profit. And some share usually gets passed along to the next buyer, and eventually to you. Economists call that share pass-through. It is usually partial, and it usually takes time.",
      "Tariffs come in a few shapes. The most common is an ad valorem tariff, which is a percentage of the value of the goods, such as ten percent of what the importer paid. Others are specific tariffs, a fixed amount per unit, such as a set number of cents per kilogram. The everyday base rates are listed in the Harmonized Tariff Schedule of the United States, a long public document that gives almost every imported product a classification code and a duty rate. We'll open it up in chapter two.",
      "On top of those base rates, the law gives the executive branch several ways to add tariffs. Section 232 of the Trade Expansion Act of 1962 allows tariffs on imports that the Commerce Department finds threaten national security. It was used for steel and aluminum in 2018, and in 2025 the President issued proclamations that reworked those metal tariffs and applied Section 232 to imported cars and auto parts. Section 301 of the Trade Act of 1974 lets the U.S. Trade Representative respond to foreign trade practices it finds unfair, and it's the authority behind tariffs placed on many goods from China starting in 2018. Other laws, including emergency powers, have been used as well. What helps is knowing that tariffs can differ by product, by country, and by date, and that official notices are published in the Federal Register for anyone to read.",
      "So why should you care, if you never import anything yourself? Because a lot of what you buy either comes from abroad or contains parts that do. A lamp assembled in Ohio might use a switch and a cord made overseas. Tariffs can nudge the prices of domestic products too. When imported competition gets more expensive, some domestic makers raise their own prices, simply because they can. A well-known example comes from 2018, when the United States put safeguard tariffs on imported washing machines. Researchers later found that the prices of clothes dryers rose as well, even though dryers weren't the target, because people tend to buy the two as a pair.",
      "Here's a simple example to make the math feel real. The numbers are illustrative, not a real product. Say a store sells a gadget for $40, and the importer paid $20 for it. A 25 percent tariff on that $20 import cost is $5. If all $5 were passed along, the shelf price would go to $45, which is an increase of twelve and a half percent, not twenty-five. If only half were passed along, the price would be $42.50. The interactive chart in this chapter lets you compare those cases side by side. The lesson is that a tariff rate and a price increase are not the same number.",
      "It's just as important to know what tariffs don't explain. Prices rise for many reasons: energy costs, weather and harvests, wages, shipping rates, rent, and plain old demand. For a sense of the bigger picture, the Bureau of Labor Statistics reported that its Consumer Price Index for all items was 4.2 percent higher in May 2026 than a year earlier, before seasonal adjustment. That single number blends rent, groceries, gasoline, haircuts and thousands of other prices. Tariffs are one force inside it, not the whole story, and throughout this guide we'll try to be honest about that difference.",
      "Before the next chapter, try one small exercise. Pick three things you buy regularly, and look at the label or the product page to see where each one was made. Most imported goods must be marked with their country of origin, so that's an easy first clue, although parts inside may come from somewhere else. Write the three down. By the end of this guide, you'll know how to check whether they face tariffs, how much of a price change to expect, and what your alternatives are.",
      "In chapter two, we'll follow a single shipment from a foreign factory all the way to your shopping cart, and see exactly where the tariff gets paid.",
    ),
  }),
  chapter({
    id: 2,
    slug: "how-tariffs-work-from-port-to-your-pocket",
    title: "How Tariffs Work - From Port to Your Pocket",
    description:
      "Follow one shipment from a foreign factory through customs to the store shelf, and see where the duty is paid and why shelf prices lag behind the news.",
    icon: "ship",
    hasInteractiveChart: true,
    chartNote:
      `An example timeline of one shipment from factory order to store shelf, marking where the duty is paid and the shelf price rising over the ${RAMP_MONTHS} months after a tariff takes effect.`,
    keyPoints: [
      "Importers classify goods under the Harmonized Tariff Schedule and pay the duty to CBP.",
      "Duty is usually charged on the import price, not on the retail price.",
      "Percentage markups can make a shelf increase bigger or smaller than the duty itself.",
      `Shelf prices rise gradually: about ${percentOnShelfAfter(90)} percent of the rise by day 90, all of it after about ${RAMP_MONTHS} months (${RAMP_SOURCE.short}).`,
    ],
    transcript: paragraphs(
      "In this chapter we're going to follow one shipment on its journey, from a factory overseas to the shelf at your local store, and watch where the tariff enters the picture. Once you can see the path, a lot of confusing headlines start to make sense.",
      "Let's invent a product for our example: a set of ceramic mixing bowls made abroad and sold in an American home goods store. The store, or a company it buys from, places an order with the factory. The bowls are packed into a shipping container and loaded onto a ship. An ocean crossing commonly takes a few weeks, and there may be more time spent waiting at the port and traveling by truck or train afterward.",
      "When the container arrives at a U.S. port, the goods have to clear customs. The importer of record, often working through a licensed customs broker, files entry paperwork with U.S. Customs and Border Protection. That paperwork says what the goods are, where they were made, what they're worth, and which classification code they fall under. Once the goods are released, the importer deposits the estimated duties, normally within about ten working days, and a customs bond guarantees that the money will be paid.",
      "The classification code comes from the Harmonized Tariff Schedule of the United States, which is maintained by the U.S. International Trade Commission and is free to search online. The first six digits of each code follow the international Harmonized System used by most countries, so a ceramic bowl is described the same way in customs offices around the world. The United States adds more digits: eight digits set the duty rate, and ten digits are used for trade statistics. Each line lists a general rate, which applies to most trading partners, a special column for free trade agreements and preference programs, and a separate column two rate for a small number of countries. Extra duties, such as those under Section 232 or Section 301, are listed in chapter 99 of the schedule and are added on top of the base rate.",
      "Now the math. Duty is usually figured on the customs value, which in most cases is the price the importer paid for the goods. Say, as an example, the importer paid $10 per set of bowls, and an extra 20 percent tariff applies on top of the base rate. That extra tariff alone is $2 per set, paid to CBP. Notice that the tariff is calculated on the import price, not on the price you'll see in the store.",
      "After customs, the bowls go to a warehouse, then to a distributor or the retailer's distribution center, and finally to stores. At each step, someone adds costs for transport, storage, staff, and profit. Here's a subtle point. Many businesses set prices with a percentage markup. If a retailer aims to sell at about double its cost, a $2 increase in cost could become a $4 increase on the shelf, if the retailer keeps its full markup and customers keep buying. Competition often prevents that, and plenty of retailers absorb part of an increase instead. But it shows why the final effect can be bigger or smaller than the duty itself.",
      `Timing is the part most people miss. Shelf prices don't jump on the day a tariff takes effect; they rise gradually. Economists at the Federal Reserve, writing in April 2026, found the effect of the 2025 tariffs on consumer prices effectively complete after about ${RAMP_MONTHS} months, and a study of daily online prices found the rise gradual and steady. The projections in TariffWatch use that same pattern: an even share of the rise each month, so about ${percentOnShelfAfter(30)} percent of it one month after the effective date, about ${percentOnShelfAfter(90)} percent after three months, and all of it after ${RAMP_MONTHS}. That is an average over many products. There are good reasons for the delay. Goods that were already on the water, in warehouses, or on store shelves were bought before the tariff applied. Retailers reprice on schedules and change tags in batches. Contracts between suppliers and stores may lock in prices for a season. And importers sometimes rush orders in ahead of an announced effective date, building up inventory at the old cost. The timing of any one item varies, though. Some sellers raise prices right away, even on old stock, and some hold off for many months while they wait to see whether a tariff will stick.`,
      `The interactive chart for this chapter draws that journey as a timeline: the order, the ocean crossing, customs entry and duty payment, the warehouse, and the store, with the shelf price rising month by month over the ${RAMP_MONTHS} months after the tariff takes effect.`,
      "What can you do with this? First, when you hear that a new tariff has been announced, look for its effective date, because announcements and effective dates are often weeks apart, and plans sometimes change or get paused. Second, think about what you were already planning to buy in the next few months that might be affected. If it's something you truly need, it's in stock at today's price, and it fits your budget, the window before prices adjust may be a reasonable time to buy. Third, and just as important, don't panic-buy. Stocking up on things you don't need just moves money out of your budget early, and it can leave you with clutter or waste.",
      "Finally, start a short watchlist. Write down a handful of items you buy regularly, today's price, and the date. When you check again in one month and again in three months, you'll see for yourself whether prices moved, and by how much. That simple habit turns headlines into your own evidence.",
      "In chapter three, we'll zoom out from a single shipment to your whole household, and work out what tariffs are likely to cost you in a year.",
    ),
  }),
  chapter({
    id: 3,
    slug: "the-real-cost-understanding-tariff-impact",
    title: "The Real Cost - Understanding Tariff Impact",
    description:
      "Understand the direct, indirect and competitive ways tariffs reach your budget, and estimate your own household's yearly exposure in about half an hour.",
    icon: "calculator",
    hasInteractiveChart: true,
    chartNote:
      "An example bar chart of one sample household's estimated yearly tariff exposure by spending category under low, middle and high pass-through assumptions.",
    keyPoints: [
      "Tariffs reach you through imported goods, imported parts, and domestic price moves.",
      "Services such as rent and health care are mostly not tariffed directly.",
      "Published per-household figures are estimates; your number depends on what you buy.",
      "Estimate: goods spending x import share x tariff rate x share passed on.",
    ],
    transcript: paragraphs(
      "Headlines about tariffs often come with big numbers attached: billions of dollars in duties, or a dollar figure per household. In this chapter, we'll look at where numbers like that come from, why your own number could be very different, and how you can make a reasonable estimate for your household in about half an hour.",
      "Start with how a tariff reaches you. There are three main routes. The first is direct: you buy a finished product that was imported, and part of the duty is built into its price. The second is indirect: you buy something made in the United States that uses imported parts or materials, like a car with imported components or food packed in a steel can. The third is competitive: when imports get more expensive, domestic sellers of similar products may raise their prices too, because the pressure to stay cheap has eased.",
      "Now notice what tariffs mostly don't touch directly. A big share of a typical household budget goes to services: rent or a mortgage, health care, insurance, child care, haircuts, and phone and internet plans. Tariffs apply to goods crossing the border, so services feel them only at the edges, for example when a repair shop pays more for imported parts. In the Bureau of Labor Statistics' weights as of April 2026, services made up about 63 percent of the consumer price basket, which is one reason a tariff headline can sound alarming while the overall effect on a family budget is more modest.",
      "Official statistics help you keep perspective. BLS publishes the Consumer Price Index every month. It measures the average change over time in the prices urban consumers pay for a basket of goods and services. BLS also publishes the Producer Price Index, which tracks the prices domestic producers receive for what they sell, and which can give early hints about costs on their way to consumers. In BLS's figures for May 2026, before seasonal adjustment, consumer prices for commodities less food, energy, and used cars and trucks, a rough stand-in for everyday goods, were 1.6 percent higher than a year earlier, while services were 3.5 percent higher. On the producer side, final demand goods less foods and energy were 5.1 percent higher than a year earlier in May 2026, a preliminary figure that BLS may revise.",
      "Category detail can tell you more. Most clothing sold in the United States is imported. The CPI for apparel was 3.4 percent higher in March 2026 than a year earlier, while in May 2025 it had been 0.9 percent lower than a year before. But even there, the numbers tell you that prices moved, not why they moved. Tariffs are one possible reason among several, including wages, shipping costs, and demand.",
      "You may have seen a cost per household in a headline. Please treat any such figure as an estimate: it depends on which tariffs are in force, how much of them is passed on, and what a household buys. What can be measured is the tariff rate itself. The Budget Lab at Yale's Tariff Rate Tracker put the average effective tariff rate on US imports at 2.7 percent on January 1, 2025, and at 11.4 percent on March 26, 2026. That is a rate on the value of imports at the border, not on your shelf prices or your budget. A renter who buys few new goods could face far less than a headline figure. A family furnishing a new home or buying a car this year could face more. The number that really matters is yours, so let's estimate it.",
      "Step one. Pull up the last three months of bank and card statements, and add up what you spent on goods that are often imported or full of imported parts: electronics, appliances, clothing and shoes, toys, furniture, home goods, tools, auto parts, and some foods such as coffee. Divide by three to get a monthly average, and multiply by twelve for a year.",
      "Step two. Estimate the import cost inside that spending. The price you pay includes shipping, warehousing, store costs and profit, so the importer's cost is usually well below the shelf price. If you have no better information, assuming about half is a simple place to start.",
      "Step three. Apply a tariff rate and a pass-through share. Here's an example with made-up numbers. Say you spend $300 a month on those goods, or $3,600 a year. Half of that, $1,800, is import cost. At an example tariff of 20 percent, that's $360 in duties. If about half of those duties reach you as higher prices, your estimated exposure is around $180 a year. The interactive chart in this chapter shows a sample household's estimate by category under low, middle and high pass-through assumptions, so you can see how much the answer depends on the assumptions.",
      `Step four. Remember timing. Because shelf prices take about ${RAMP_MONTHS} months to absorb a tariff, as we saw in chapter two, this season's new tariffs may show up in next season's prices rather than this month's. And part of your estimate may never show up at all, if sellers absorb costs or you switch to alternatives.`,
      "Finally, look at your list and circle the two or three categories with the biggest numbers. You don't need to fight tariffs on every purchase. You need a plan for the few categories that matter for you, and the rest of this guide gives you that plan.",
      "In chapter four, we'll build your product research routine, starting with a simple rule for deciding which purchases deserve a closer look.",
    ),
  }),
  chapter({
    id: 4,
    slug: "smart-shopping-product-research-strategies",
    title: "Smart Shopping - Product Research Strategies",
    description:
      "Build a research routine that puts your effort where the money is, using the $50 decision threshold and the 3-2-1 buying rule.",
    icon: "search",
    hasInteractiveChart: false,
    keyPoints: [
      "Purchases above $50 get full research; smaller ones get a quick check.",
      "3-2-1 rule: wait 3 days, compare 2 alternatives, buy the 1 that fits your budget plan.",
      "Check country of origin, price history and unit price before you buy.",
      "Refurbished, open-box and used goods are often the best-value option.",
    ],
    transcript: paragraphs(
      "Welcome to chapter four. Now that you know how tariffs move through the supply chain, and roughly what they might cost your household, it's time to get practical. This chapter is about research: how to spend a little time before a purchase so you spend less money after it.",
      "The first question is which purchases deserve research at all. Nobody has time to investigate every roll of paper towels. So here's a rule of thumb we'll use throughout this guide: the $50 decision threshold. Purchases above $50 get the full research treatment. Purchases under $50 get a quick check, a glance at the unit price and whether there's an obviously better option nearby, and then you move on. Fifty dollars isn't magic. If your budget is tight, you might pick $25. If it's roomier, maybe $100. What matters is having a line, so your attention goes where the money is.",
      "For anything above your threshold, use the 3-2-1 buying rule. If the purchase isn't urgent, wait 3 days before buying. Compare at least 2 alternatives, which could be a different brand, a different store, a used or refurbished option, or simply not buying. Then buy only the 1 option that fits your budget plan. The waiting period cools off impulse decisions and marketing pressure. The comparison keeps you from anchoring on the first price you saw. And the budget check keeps the decision honest. It's a rule of thumb, not a law. If your refrigerator dies, you don't wait three days. But for a new television, an upgraded phone, or a patio set, it works remarkably well.",
      "So what does the full research treatment look like? Start with origin. Look at the label, the box, or the product listing for the country of origin. Most imported goods must be marked with it. Keep in mind that a product assembled in one country may contain parts from many others. If you see a Made in USA claim with no qualification, the Federal Trade Commission's standard is that all or virtually all of the product must be made in the United States. Qualified claims, such as made in USA of U.S. and imported parts, tell you something different, and that's useful information too.",
      "Next, check price history. If you're shopping online, some retailers and browser tools show how a price has moved over recent months. In a store, your own notes work fine: a photo of the price tag with the date. A price that has just jumped may settle back down during a sale, while a price that has been climbing steadily may keep going. If an item is likely to be affected by a new tariff, remember from chapter two that shelf prices take months to absorb a tariff, and ask whether today's price still reflects older, pre-tariff inventory.",
      "Then compare the real cost, not just the sticker. Look at unit prices, the price per ounce, per count, or per load, which many stores print on the shelf tag. Watch for shrinkflation, where the package gets smaller while the price stays the same. For durable items, think in cost per use. A $90 pair of work boots that lasts three years can be cheaper than a $45 pair that lasts one. Add shipping, installation, accessories and subscriptions, and check the warranty and the return policy.",
      "Look at the second-hand and refurbished market too. Manufacturer-refurbished electronics and appliances often come with a warranty. Open-box items at large retailers can be a good deal. Used furniture, tools and sporting goods are plentiful in many areas. These goods are already in the country, so a new tariff on imports doesn't add to their cost the way it can for new stock, although used prices can rise if more shoppers turn to them.",
      "Here's how it fits together, in an example with illustrative prices. Say you'd like a new stand mixer priced at $280. It's over your $50 threshold, so it gets the full treatment. You wait three days. In that time, you find the same model refurbished for $200 with a one-year warranty, and a different brand new for $230. You check your budget plan, which has $220 set aside for kitchen items this quarter. The refurbished mixer is the one option that fits, so that's the one you buy. You've saved $80 against the first price you saw, and you know exactly why you chose it.",
      "Finally, keep your research light and reusable. A simple note on your phone or a spreadsheet with the item, the date, the price, the origin and the alternatives you found will make your next decision faster. Over time, you'll build your own price memory, and that's one of the most valuable shopping tools there is.",
      "In chapter five, we'll take everything you've learned so far and build it into a budget that can absorb price changes without stress.",
    ),
  }),
  chapter({
    id: 5,
    slug: "budget-planning-in-a-tariff-world",
    title: "Budget Planning in a Tariff World",
    description:
      "Build a budget that absorbs price changes calmly, with a price-change buffer, sinking funds for big purchases and a short monthly review.",
    icon: "wallet",
    hasInteractiveChart: true,
    chartNote:
      "An example monthly budget showing how a small price-change buffer absorbs a rise in tariff-sensitive categories while the rest of the budget stays steady.",
    keyPoints: [
      "Sort your spending into fixed, flexible and occasional lines.",
      "A small price-change buffer absorbs increases without cuts elsewhere.",
      "Sinking funds let you replace big items on your own terms.",
      "Track your personal inflation rate, not just the national CPI.",
    ],
    transcript: paragraphs(
      "In this chapter, we're going to build a budget that can handle price changes calmly. Tariffs, like other price pressures, rarely hit a household all at once. They show up a little here and a little there, often months after the news. A good budget sees them coming and has room for them.",
      "Start with what you actually spend. Gather three months of bank and card statements. Sort everything into a few groups: housing, utilities, food, transportation, insurance and health, debt payments, and then goods, meaning the things you buy that could be imported or contain imported parts. If you did the exercise in chapter three, you already have a head start.",
      "Next, mark each line as fixed, flexible, or occasional. Fixed costs, like rent and insurance premiums, change mainly at renewal. Flexible costs, like groceries and household supplies, move with prices every week. Occasional costs, like a new appliance, a car repair or school clothes, come around irregularly but predictably. Tariff-driven increases tend to show up most in the flexible and occasional goods lines.",
      "Now add a price-change buffer. This is a small, separate line in your budget whose only job is to absorb increases without forcing cuts elsewhere. Here's an example with made-up numbers. Say your household spends $900 a month on flexible and occasional goods. Setting aside 3 percent of that, $27 a month, builds a cushion of more than $300 over a year. If prices in those categories rise, the buffer covers it. If they don't, you've built savings. The interactive chart in this chapter shows an example budget month by month, with a buffer absorbing a rise in tariff-sensitive categories while the rest of the budget stays steady.",
      "For occasional big purchases, use sinking funds. A sinking fund is money you set aside a little at a time for an expense you know is coming. If your washing machine is ten years old, it will need replacing at some point. Putting aside a modest amount each month means that when it fails, you can choose the best option instead of the fastest financing. Durable goods like appliances, furniture and vehicles are often exposed to tariffs through imported parts or metals, so this is where planning pays off.",
      "Think about timing, too. If you know you'll need something in the next few months, and a tariff affecting it has been announced with a future effective date, buying before prices adjust can make sense. Keep the conditions strict: it's something you'd buy anyway, it fits the budget, and you're not borrowing at high interest to do it. Stocking up modestly on shelf-stable staples you genuinely use is fine, but skip stockpiling perishables or anything that goes out of style.",
      "Next, track your personal inflation rate. The Consumer Price Index is an average across a huge basket of goods and services, and your household isn't average. For May 2026, the Bureau of Labor Statistics reported that the all-items CPI was 4.2 percent higher than a year earlier, food at home was up 2.7 percent, and energy was up 23.5 percent, all before seasonal adjustment. A household that drives a lot felt that energy increase far more than one that doesn't, and fuel prices follow world oil markets much more than tariffs. To find your own rate, take ten items you buy often, write down what they cost now, and compare with the same items in a few months and again in a year. That's your inflation, and it's the number your budget should respond to.",
      "Set a monthly review. BLS publishes the CPI every month, usually in the first half of the following month, and that release makes a natural reminder to sit down for fifteen minutes. Compare what you planned with what you spent, note which categories crept up, check your watchlist prices, and adjust your buffer. If a category keeps rising, that's your signal to use the research steps from chapter four or the alternatives we'll cover in chapter six.",
      "Keep your emergency fund in view as well. Rising prices are much easier to handle when one surprise bill doesn't push you into high-interest debt. Even a small emergency fund, built steadily, protects the rest of your plan.",
      "Finally, be kind to yourself. A budget is a tool, not a test. Some months will go over. The goal is to notice, adjust, and keep moving. In chapter six, we'll look at where to find alternatives when a product you rely on gets more expensive.",
    ),
  }),
  chapter({
    id: 6,
    slug: "finding-alternatives-and-local-options",
    title: "Finding Alternatives and Local Options",
    description:
      "Explore five kinds of alternatives, from domestic and refurbished goods to sharing and substitutes, and learn when buying local really saves money.",
    icon: "map-pin",
    hasInteractiveChart: false,
    keyPoints: [
      "Alternatives: domestic, other origins, used or repaired, shared, and substitutes.",
      "Domestic products can cost more too, so compare actual prices.",
      "Goods already in the country are not charged a new tariff when resold.",
      "Local is not automatically untariffed or cheaper; ask where materials come from.",
    ],
    transcript: paragraphs(
      "When something you buy regularly gets more expensive, you have more choices than paying up or going without. In this chapter, we'll walk through the main kinds of alternatives, how to judge them, and how to make local options work for you without assuming that local is always cheaper.",
      "Think of alternatives in five groups. Domestic products made in the United States. Products from other countries that face different tariffs. Used, refurbished and repaired goods. Renting, borrowing or sharing. And substitutes, meaning a different product that does the same job.",
      "Let's take domestic products first. Buying American-made can help you avoid a tariff on an imported version, and many people like supporting jobs close to home. Two cautions, though. Domestic products often cost more to begin with, which is one reason the imported version was popular. And as we saw in chapter one, when imports get pricier, some domestic makers raise their own prices. So compare actual prices rather than assuming. Also check what made in USA really means for the product, since many items are assembled here from imported parts.",
      "Next, imports from other countries. Tariff rates can differ a lot by country of origin, and some trading partners have agreements with the United States that change the rates. That means two similar products on the same shelf, made in different countries, may carry very different duties. The catch is that these rates change, sometimes quickly, so check current information rather than relying on something you read months ago. The Harmonized Tariff Schedule and official notices in the Federal Register are the primary sources, and TariffWatch alerts aim to summarize changes for the categories you follow.",
      "Used, refurbished and repaired goods often offer the biggest savings. Goods already in the country aren't charged a new tariff when they're resold. Look at refurbished electronics that come with warranties, used furniture, thrift stores, and local marketplaces. And don't forget repair. Replacing a worn part, resoling shoes, or fixing a small appliance can cost a fraction of buying new. Many communities hold repair cafes, volunteer events where people help each other fix things.",
      "Renting, borrowing and sharing work well for things you use rarely. Tool libraries, which lend tools the way a library lends books, exist in many cities, and some public libraries lend kitchen equipment, sewing machines and more. A pressure washer you use once a year doesn't need to live in your garage.",
      "Substitutes are about the job, not the product. If an imported cooking oil gets expensive, another oil might do the job in most recipes. If a name-brand item jumps in price, a store brand may be made to a similar standard. Try a substitute once, on a small scale, before switching entirely.",
      "Now, local options. Farmers markets, bakeries, butchers, makers and independent shops can be great sources, and buying seasonal produce directly from growers can be good value. But local doesn't automatically mean untariffed or cheaper. A local coffee roaster is a good example. Only small amounts of coffee are grown in the United States, mainly in Hawaii and Puerto Rico, so most roasters buy imported beans. You may still enjoy fresher coffee and support a neighborhood business, and that's worth something, but the beans crossed a border. Ask questions. Most small businesses are happy to tell you where their materials come from.",
      "To judge any alternative, use the same checklist each time. Does it do the job as well? What's the total cost, including shipping, your time, and how long it will last? Where does it come from? And does it fit your budget plan? If the purchase is above your $50 threshold, run it through the 3-2-1 rule from chapter four.",
      "For small business owners, the same thinking applies to suppliers. Ask your suppliers where products and materials are made, keep a second supplier in mind for your most important items, and watch for tariff changes on the inputs that matter most to your costs.",
      "Here's an exercise for this week. Take the categories you circled in chapter three. For each one, write down at least one alternative from each of the five groups, even if some seem unlikely. You'll probably find two or three worth trying. In chapter seven, we'll see how working together with neighbors and friends can stretch your budget even further.",
    ),
  }),
  chapter({
    id: 7,
    slug: "community-shopping-and-group-buying",
    title: "Community Shopping and Group Buying",
    description:
      "Pool your purchasing power with neighbors, co-ops and other small businesses, and run a buying group that stays fair and friendly.",
    icon: "users",
    hasInteractiveChart: false,
    keyPoints: [
      "Bulk buying lowers unit costs, and splitting makes bulk practical.",
      "Group buying typically saves 15-30%, but that is a range, not a promise.",
      "Collect money up front and split costs by unit price.",
      "Small businesses can combine orders through purchasing cooperatives.",
    ],
    transcript: paragraphs(
      "In this chapter, we're going to talk about one of the oldest money-saving strategies there is: buying together. When prices rise, pooling your purchasing power with neighbors, friends, family or other small businesses can make a real difference.",
      "Group buying works because larger quantities usually cost less per unit. Bulk packs, cases and wholesale orders spread the seller's packaging, handling and shipping costs across more items. The problem for most households is that a case of something is too much to use or store. Splitting it solves that.",
      "How much can you save? As a typical range, groups that split bulk purchases often see savings of roughly 15 to 30 percent compared with buying the same items alone at regular retail prices. Treat that as a rule of thumb, not a promise. Some items save more, some save nothing, and the savings disappear quickly if food spoils or a bulk pack sits unused. Always check the unit price before assuming a bulk deal is better.",
      "Here's an example with illustrative numbers. Say a store sells a bottle of laundry detergent for $12, and a warehouse pack of four of the same bottles for $36. The pack alone would be too much for your household, but if you split it with three neighbors, each of you pays $9 for a bottle that would cost $12 on its own. That's a 25 percent saving, and nobody ends up with a shelf full of detergent.",
      "There are several ways to buy as a group. The simplest is splitting: one person buys a bulk pack, and you divide it. Warehouse club memberships can help here, but follow the club's membership rules, which often allow a card for someone in your household but not sharing with friends. Food co-ops and buying clubs are more organized versions, where members place a combined order with a distributor. Community supported agriculture, often called a CSA, lets you buy a share of a local farm's harvest for the season. And for some purchases, like a large order of firewood, garden soil or school supplies, simply asking a local business for a group discount can work.",
      "Sharing goes beyond buying. Neighborhood gift and swap groups, where people give away things they no longer need, help items find a second home. Tool sharing, carpooling to a warehouse store, and trading outgrown children's clothes all reduce the number of new, possibly tariffed, goods each household needs to buy.",
      "Organization makes or breaks a buying group. Pick one organizer for each order. Keep a shared list of what's being bought, who wants how much, and the price per unit. Collect money before the purchase, not after, so no one is left covering the bill. Split costs by unit price, so people pay for exactly what they take. Decide ahead of time who stores things and how long people have to pick them up. And keep the receipts where everyone can see them. Clear records keep friendships friendly.",
      "Be sensible about safety and trust. Start small, with people you know. Meet in public places when you exchange goods with people you don't know well. Use payment methods that keep a record, and never share account passwords or card numbers. Be careful with perishable food, and follow safe storage practices.",
      "Small businesses can use the same idea. Purchasing cooperatives let independent businesses combine orders for supplies, packaging or equipment to get better terms from suppliers. Even informal arrangements, like two neighboring shops sharing a freight delivery, can lower costs when shipping and imported supplies get more expensive.",
      "Group buying also fits neatly with the rest of this guide. A bulk order is still a purchase, so if your share is above your $50 threshold, give it the same quick research you'd give anything else: compare the unit price with at least one other store, and make sure it fits your budget plan.",
      "Here's a first step for this week. Think of three items your household uses steadily that come in bulk packs, such as detergent, rice, paper goods or pet food. Then think of two or three people who might want to split them. Send one message proposing a single trial order. If it works, do it again next month. In chapter eight, we'll bring all of these tools together into a clear way to make shopping decisions.",
    ),
  }),
  chapter({
    id: 8,
    slug: "making-informed-shopping-decisions",
    title: "Making Informed Shopping Decisions",
    description:
      "Combine price, urgency, reliable data and an awareness of common mental traps into a simple decision routine for any purchase.",
    icon: "scale",
    hasInteractiveChart: true,
    chartNote:
      "An example chart placing purchases by price and urgency, showing which ones cross the $50 threshold and call for the 3-2-1 buying rule.",
    keyPoints: [
      "Sort each decision by price and urgency before you shop.",
      "Use the 3-2-1 rule for non-urgent purchases over $50.",
      "Read past headline figures to the data line closest to what you buy.",
      "An alert is information, not an instruction; deciding not to buy is a valid choice.",
    ],
    transcript: paragraphs(
      "By now you have quite a toolkit: an understanding of how tariffs work, an estimate of your exposure, research habits, a budget with a buffer, alternatives, and your community. In this chapter, we'll bring them together into a simple decision routine you can use for any purchase, and talk about the information sources and mental traps that shape good decisions.",
      "Every decision starts with two questions: how much does it cost, and how urgent is it? Remember the $50 decision threshold from chapter four. Purchases above $50 get the full research treatment, and purchases below it get a quick check. Then ask about urgency. Is this replacing something broken that you need right now, or is it something you'd like to have? The interactive chart in this chapter places example purchases on those two axes, price and urgency, so you can see which ones cross the $50 line and call for the 3-2-1 rule, and which need a fast decision.",
      "Let's review the 3-2-1 buying rule. For a non-urgent purchase, wait 3 days, compare at least 2 alternatives, and buy only the 1 option that fits your budget plan. For urgent purchases, skip the waiting but keep the rest: compare two options, even quickly, and pick the one your budget can handle. If your refrigerator stops working, you still have time to check two stores' prices and delivery dates.",
      "Next, know your information sources, and what each one can and can't tell you. The Bureau of Labor Statistics publishes the Consumer Price Index and the Producer Price Index every month. The CPI tracks the prices consumers pay. The PPI tracks the prices producers receive, and it can hint at costs that may reach store shelves later. Official tariff actions are published in the Federal Register, and the Harmonized Tariff Schedule, maintained by the U.S. International Trade Commission, lists duty rates by product. News articles and company announcements can be useful too, but go to the primary source when a decision depends on it.",
      "Learn to look past the headline number. For example, BLS's preliminary figures for May 2026 showed the Producer Price Index for final demand goods up 10.4 percent from a year earlier. That sounds dramatic. But in the same table, final demand energy was up 36.6 percent, while final demand goods less foods and energy was up 5.1 percent. Energy was pulling the headline up. If you're shopping for a couch or a toaster, the line without food and energy is closer to your world than the headline. And remember that none of these numbers tells you why prices moved. Tariffs are one cause among many, alongside energy costs, wages and demand.",
      "Now the mental traps. The first is urgency marketing. Messages like prices are going up, buy now, are designed to rush you. Sometimes they're true, and sometimes they're just sales tactics. That includes alerts from services like ours: an alert is information, not an instruction, so run it through your routine before acting. The second trap is anchoring. A crossed-out was price next to a sale price makes the deal look great, even if the was price was rarely charged. Your own price notes are the cure. The third trap is the sunk cost feeling: having spent an hour researching, you feel you must buy something. You don't. Deciding not to buy is a perfectly good outcome.",
      "A fourth trap is tariff tunnel vision: blaming every price increase on tariffs, or assuming every untariffed product is a bargain. Stay curious. A price rise might come from a tariff, a poor harvest, higher shipping costs, or simply a retailer testing what customers will pay. The right response is the same in every case: compare, check your budget, and choose.",
      "Let's walk through two example decisions, with illustrative prices. First, your laptop is five years old and slowing down, and a new model costs $900. It's well over $50 and not urgent, so you use the 3-2-1 rule. Over three days, you compare a refurbished model from the same line for $650 and the option of upgrading your current laptop's storage for $80. Your budget plan has room for the upgrade, so that's your one choice, and you'll revisit a replacement next year. Second, your child's winter boots no longer fit, and snow is forecast for this week. That's urgent. You skip the waiting period, check two stores, and buy the pair that fits your clothing budget.",
      "Keep a decision log. For each purchase above your threshold, jot down the date, what you chose, what you compared it with, and what you saved or spent. After a few months, you'll have real evidence of what works for you, and your decisions will get faster and calmer.",
      "In our final chapter, we'll look ahead: how to keep these habits going, stay informed as trade policy changes, and make your voice heard.",
    ),
  }),
  chapter({
    id: 9,
    slug: "your-tariff-journey-moving-forward",
    title: "Your Tariff Journey - Moving Forward",
    description:
      "Turn what you've learned into lasting habits, follow trade policy through official sources, and make your voice heard.",
    icon: "compass",
    hasInteractiveChart: false,
    keyPoints: [
      "Set monthly, quarterly and yearly money check-ins.",
      "Official sources: the Federal Register, the HTS, USTR, Commerce and CBP.",
      "Federal agencies often invite public comments before acting.",
      "Small steps, repeated, protect your budget over time.",
    ],
    transcript: paragraphs(
      "Welcome to the final chapter of the Tariff Survival Guide. You've covered a lot of ground. You know that tariffs are taxes on imports, collected by U.S. Customs and Border Protection and paid by the importer of record. You know that the cost is often partly passed on to shoppers, usually with a delay. You've estimated your own exposure, built research habits, made room in your budget, and found alternatives and allies. Now let's make sure it lasts.",
      "Habits beat willpower, so let's set up a few light routines. Once a month, around the day the Bureau of Labor Statistics releases the Consumer Price Index, take fifteen minutes for a check-in. Look at your budget, your price-change buffer, and your watchlist. Once a quarter, take an hour for a deeper review: update your exposure estimate from chapter three, top up your sinking funds, and ask whether your $50 threshold still makes sense for your budget. Once a year, look back at your decision log and savings notes, and celebrate what worked.",
      "Next, stay informed without getting overwhelmed. Trade policy can change quickly, and headlines often run ahead of the details. When a change matters to you, go to the primary sources. Presidential proclamations, executive orders and agency rules are published in the Federal Register. The Harmonized Tariff Schedule, searchable on the U.S. International Trade Commission's website, lists the rates. The Office of the U.S. Trade Representative handles Section 301 actions, and the Commerce Department runs Section 232 investigations. Customs and Border Protection publishes guidance for importers through its Cargo Systems Messaging Service. You don't need to read all of these. Just know where the official answer lives when you need it.",
      `Check dates carefully, too. A tariff is often announced on one date, published in the Federal Register days later, and takes effect later still. Some are paused, changed or challenged in court. For instance, a proclamation adjusting imports of automobiles and auto parts was signed on March 26, 2025, published in the Federal Register on April 3, 2025, and amended by a follow-up proclamation at the end of that April. Reading the dates helps you judge when, and whether, price changes are likely to reach you, keeping in mind that shelf prices take about ${RAMP_MONTHS} months to absorb a tariff.`,
      "You also have a voice. Federal agencies often ask for public comments before they act. In March 2025, for example, the Commerce Department published a notice asking for public comments on its Section 232 investigation of timber and lumber imports. Anyone, including households and small businesses, can read notices like that and submit a comment. You can also contact your representatives in Congress to share how trade policy affects your budget or your business. Specific, personal stories, like how a price change affected your family or your shop, tend to carry more weight than general complaints.",
      "If you run a small business, a few extra habits help. Know the classification codes and countries of origin of your most important imported inputs. Talk with your suppliers and, if you import directly, with a licensed customs broker about how changes affect you. Watch for official processes that add products to tariff lists or remove them. In 2025, for example, the Commerce Department set up inclusion processes under Section 232 that allow more steel and aluminum derivative products, and later more auto parts, to be brought under those tariffs. Changes like these can reach your costs even when the headline tariff rate hasn't changed.",
      "Take care of the human side as well. Economic news can feel stressful, and a steady stream of alerts can make every purchase feel urgent. Remember what you've learned: most price changes arrive gradually, many are partial, and you have a plan. Use alerts and data to inform your choices, not to rush them. And share what you know. A friend who understands the 3-2-1 rule, or a neighbor who joins your buying group, makes your whole community more resilient.",
      "Let's finish with a simple commitment. Write down three things you'll do in the next thirty days. For example: set up a watchlist of ten items, add a price-change buffer to your budget, and propose one group purchase to a neighbor. Put the list somewhere you'll see it every day. Small steps, repeated, are what make the difference.",
      "Thank you for spending this time with us. Tariffs and trade policy will keep changing, and no one can promise what prices will do next. But you now understand how the system works, where to find reliable information, and how to protect your budget with clear, practical habits. That's what moving forward looks like. Good luck on your journey.",
    ),
  }),
]);

/** The chapter with this id, or undefined. */
export function getChapter(id: number): Chapter | undefined {
  return CHAPTERS.find((c) => c.id === id);
}

/** The narrator for a chapter; chapter 1's profile for any unknown id. */
export function narratorFor(chapterId: number): NarratorProfile {
  return NARRATOR_PROFILES[chapterId] ?? DEFAULT_NARRATOR;
}

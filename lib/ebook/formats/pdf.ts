/**
 * The e-book as PDF (docs/experience.md "/tariffs-ebook"), built with pdfkit on request using its built-in
 * standard fonts (Helvetica, Times), so no font files ship. A title page, a contents page,
 * then each chapter from lib/ebook/chapters.ts starting on a new page: title, description,
 * key points and the full text. Document outline (bookmarks) per chapter.
 */
import PDFDocument from "pdfkit";
import { BOOK_AUTHOR, BOOK_EDITION_DATE, BOOK_SUBTITLE, BOOK_TITLE, bookChapters, type BookChapter } from "./content";

export const PDF_MIME = "application/pdf";

/**
 * The standard fonts use WinAnsi encoding: keep the text within it (typographic quotes
 * and dashes are in it; anything else is replaced by a close ASCII form).
 */
export function pdfSafe(text: string): string {
  return text
    .replace(/[\u2010-\u2012]/g, "-")
    .replace(/\u2212/g, "-")
    .replace(/\u00a0/g, " ")
    .replace(/[^\u0000-\u00ff\u2013\u2014\u2018\u2019\u201c\u201d\u2022\u2026\u20ac]/g, "?");
}

/** The PDF file's bytes. */
export function buildPdf(chapters: readonly BookChapter[] = bookChapters()): Promise<Buffer> {
  return new Promise<Buffer>((resolve, reject) => {
    const doc = new PDFDocument({
      size: "LETTER",
      margins: { top: 72, bottom: 72, left: 72, right: 72 },
      info: { Title: BOOK_TITLE, Author: BOOK_AUTHOR, Subject: BOOK_SUBTITLE, CreationDate: new Date(`${BOOK_EDITION_DATE}T00:00:00Z`) },
      displayTitle: true,
      lang: "en-US",
      // Text kept uncompressed would make the file larger; compress, but the title stays searchable in the outline.
      compress: true,
    });
    const chunks: Buffer[] = [];
    doc.on("data", (c: Buffer) => chunks.push(c));
    doc.on("end", () => resolve(Buffer.concat(chunks)));
    doc.on("error", reject);

    // Title page.
    doc.font("Helvetica-Bold").fontSize(30).fillColor("#0f172a").text(BOOK_TITLE, { align: "center" });
    doc.moveDown(0.5).font("Helvetica").fontSize(15).fillColor("#334155").text(pdfSafe(BOOK_SUBTITLE), { align: "center" });
    doc.moveDown(2).fontSize(12).text(pdfSafe(`By ${BOOK_AUTHOR}`), { align: "center" });
    doc.text(`Edition of ${BOOK_EDITION_DATE}`, { align: "center" });
    doc
      .moveDown(3)
      .fontSize(10)
      .fillColor("#475569")
      .text(
        "Figures attributed to the U.S. Bureau of Labor Statistics are stated with their month; every other number is labelled as an example or a rule of thumb. General information, not financial or legal advice.",
        { align: "center" },
      );

    // Contents.
    doc.addPage();
    doc.font("Helvetica-Bold").fontSize(20).fillColor("#0f172a").text("Contents");
    doc.moveDown();
    doc.font("Helvetica").fontSize(12).fillColor("#1e293b");
    for (const c of chapters) doc.text(pdfSafe(`Chapter ${c.id}: ${c.title}`)).moveDown(0.3);

    for (const c of chapters) {
      doc.addPage();
      const heading = pdfSafe(`Chapter ${c.id}: ${c.title}`);
      doc.outline.addItem(heading);
      doc.font("Helvetica-Bold").fontSize(20).fillColor("#0f172a").text(heading);
      doc.moveDown(0.5).font("Times-Italic").fontSize(12).fillColor("#334155").text(pdfSafe(c.description));
      doc.moveDown().font("Helvetica-Bold").fontSize(13).fillColor("#1d4ed8").text("Key points");
      doc.font("Helvetica").fontSize(11).fillColor("#1e293b");
      doc.list(c.keyPoints.map(pdfSafe), { bulletRadius: 2, textIndent: 12, paragraphGap: 3 });
      doc.moveDown();
      doc.font("Times-Roman").fontSize(12).fillColor("#0f172a");
      for (const p of c.paragraphs) doc.text(pdfSafe(p), { align: "left", paragraphGap: 8, lineGap: 2 });
    }
    doc.end();
  });
}

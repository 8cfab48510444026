import { inflateSync } from "node:zlib";
import JSZip from "jszip";
import { CHAPTERS } from "@/lib/ebook/chapters";
import { bookChapters, downloadFileName } from "@/lib/ebook/formats/content";
import { buildEpub, chapterXhtml, EPUB_MIME, xmlEscape } from "@/lib/ebook/formats/epub";
import { buildPdf, pdfSafe } from "@/lib/ebook/formats/pdf";

/** The e-book downloads (docs/experience.md "/tariffs-ebook"): real EPUB 3 and PDF files built from the chapter content. */
describe("EPUB builder", () => {
  let bytes: Buffer;
  let zip: JSZip;
  beforeAll(async () => {
    bytes = await buildEpub();
    zip = await JSZip.loadAsync(bytes);
  });

  it("starts with the mimetype entry, stored uncompressed", () => {
    // Local file header: signature, then compression method at offset 8 (0 = stored), name at 30.
    expect(bytes.readUInt32LE(0)).toBe(0x04034b50);
    expect(bytes.readUInt16LE(8)).toBe(0);
    const nameLength = bytes.readUInt16LE(26);
    const extraLength = bytes.readUInt16LE(28);
    expect(bytes.subarray(30, 30 + nameLength).toString("ascii")).toBe("mimetype");
    expect(extraLength).toBe(0);
    expect(bytes.subarray(30 + nameLength, 30 + nameLength + EPUB_MIME.length).toString("ascii")).toBe("application/epub+zip");
    expect(Object.keys(zip.files)[0]).toBe("mimetype");
  });

  it("has container.xml pointing at the OPF", async () => {
    const container = await zip.file("META-INF/container.xml")!.async("string");
    expect(container).toContain('full-path="OEBPS/content.opf"');
    expect(container).toContain('media-type="application/oebps-package+xml"');
  });

  it("has an EPUB 3 OPF listing the nav document and the nine chapters in reading order", async () => {
    const opf = await zip.file("OEBPS/content.opf")!.async("string");
    expect(opf).toContain('version="3.0"');
    expect(opf).toContain('properties="nav"');
    expect(opf).toContain("<dc:title>The Tariff Survival Guide</dc:title>");
    expect(opf).toMatch(/<meta property="dcterms:modified">\d{4}-\d{2}-\d{2}T00:00:00Z<\/meta>/);
    const items = [...opf.matchAll(/<item id="chapter-(\d)" href="chapter-\d\.xhtml"/g)].map((m) => Number(m[1]));
    expect(items).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9]);
    const spine = [...opf.matchAll(/<itemref idref="chapter-(\d)"\/>/g)].map((m) => Number(m[1]));
    expect(spine).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9]);
  });

  it("has one XHTML file per chapter with its title, key points and full text", async () => {
    const nav = await zip.file("OEBPS/nav.xhtml")!.async("string");
    for (const c of CHAPTERS) {
      const xhtml = await zip.file(`OEBPS/chapter-${c.id}.xhtml`)!.async("string");
      expect(xhtml).toContain(`<h1>Chapter ${c.id}: ${xmlEscape(c.title)}</h1>`);
      expect(xhtml).toContain(xmlEscape(c.keyPoints[0]));
      const lastParagraph = c.transcript.split(/\n\s*\n/).pop()!.trim();
      expect(xhtml).toContain(xmlEscape(lastParagraph));
      expect(nav).toContain(`href="chapter-${c.id}.xhtml"`);
    }
  });

  it("escapes markup in the text", () => {
    const x = chapterXhtml({ id: 1, title: "A & B <c>", description: "d", keyPoints: ["k"], paragraphs: ['"q"'] });
    expect(x).toContain("A &amp; B &lt;c&gt;");
    expect(x).toContain("&quot;q&quot;");
  });
});

/** The text of every (Flate-compressed) content stream and every literal string of a PDF. */
function pdfText(pdf: Buffer): string {
  const raw = pdf.toString("latin1");
  const parts: string[] = [raw];
  const re = /stream\r?\n/g;
  let m: RegExpExecArray | null;
  while ((m = re.exec(raw))) {
    const start = m.index + m[0].length;
    const end = raw.indexOf("endstream", start);
    try {
      parts.push(inflateSync(pdf.subarray(start, end)).toString("latin1"));
    } catch {
      // not a Flate stream
    }
  }
  return parts.join("\n");
}

describe("PDF builder", () => {
  let pdf: Buffer;
  beforeAll(async () => {
    pdf = await buildPdf();
  });

  it("is a PDF", () => {
    expect(pdf.subarray(0, 5).toString("latin1")).toBe("%PDF-");
    expect(pdf.subarray(-6).toString("latin1")).toContain("%%EOF");
  });

  it("has a bookmark with each chapter title", () => {
    const text = pdfText(pdf);
    for (const c of CHAPTERS) expect(text).toContain(`(Chapter ${c.id}: ${pdfSafe(c.title)})`);
  });

  it("uses only the built-in fonts", () => {
    const fonts = [...pdf.toString("latin1").matchAll(/\/BaseFont \/([\w-]+)/g)].map((m) => m[1]);
    expect(new Set(fonts)).toEqual(new Set(["Helvetica-Bold", "Helvetica", "Times-Italic", "Times-Roman"]));
  });

  it("keeps text within the standard fonts' encoding", () => {
    expect(pdfSafe("a\u2011b \u2014 \u201cq\u201d \u4e2d")).toBe("a-b \u2014 \u201cq\u201d ?");
  });
});

describe("download content", () => {
  it("covers the nine chapters and names the files", () => {
    expect(bookChapters().map((c) => c.id)).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9]);
    expect(downloadFileName("epub")).toBe("the-tariff-survival-guide.epub");
    expect(downloadFileName("pdf")).toBe("the-tariff-survival-guide.pdf");
  });
});

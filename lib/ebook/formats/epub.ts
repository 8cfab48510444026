/**
 * The e-book as EPUB 3 (docs/experience.md "/tariffs-ebook"), built with jszip on request: `mimetype` first and
 * stored uncompressed (the OCF rule readers check), META-INF/container.xml, an OPF package
 * with the manifest and spine, a navigation document (nav.xhtml, also the table of
 * contents) and one XHTML file per chapter from lib/ebook/chapters.ts.
 */
import JSZip from "jszip";
import {
  BOOK_AUTHOR,
  BOOK_EDITION_DATE,
  BOOK_ID,
  BOOK_LANGUAGE,
  BOOK_SUBTITLE,
  BOOK_TITLE,
  bookChapters,
  type BookChapter,
} from "./content";

export const EPUB_MIME = "application/epub+zip";

/** Text for XML: & < > " ' escaped. */
export function xmlEscape(text: string): string {
  return text.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;").replace(/"/g, "&quot;").replace(/'/g, "&apos;");
}

const chapterFile = (c: BookChapter): string => `chapter-${c.id}.xhtml`;

const CONTAINER = `<?xml version="1.0" encoding="UTF-8"?>
<container version="1.0" xmlns="urn:oasis:names:tc:opendocument:xmlns:container">
  <rootfiles>
    <rootfile full-path="OEBPS/content.opf" media-type="application/oebps-package+xml"/>
  </rootfiles>
</container>
`;

const CSS = `body { font-family: serif; line-height: 1.5; margin: 0 5%; }
h1, h2 { font-family: sans-serif; line-height: 1.2; }
.description { font-style: italic; }
.key-points { border-left: 3px solid #1d4ed8; padding-left: 1em; }
`;

function page(title: string, body: string, extraNs = ""): string {
  return `<?xml version="1.0" encoding="UTF-8"?>
<!DOCTYPE html>
<html xmlns="http://www.w3.org/1999/xhtml"${extraNs} xml:lang="${BOOK_LANGUAGE}" lang="${BOOK_LANGUAGE}">
<head>
  <meta charset="UTF-8"/>
  <title>${xmlEscape(title)}</title>
  <link rel="stylesheet" type="text/css" href="style.css"/>
</head>
<body>
${body}
</body>
</html>
`;
}

export function chapterXhtml(c: BookChapter): string {
  const points = c.keyPoints.map((p) => `      <li>${xmlEscape(p)}</li>`).join("\n");
  const text = c.paragraphs.map((p) => `  <p>${xmlEscape(p)}</p>`).join("\n");
  return page(
    `Chapter ${c.id}: ${c.title}`,
    `<section epub:type="chapter" id="chapter-${c.id}">
  <h1>Chapter ${c.id}: ${xmlEscape(c.title)}</h1>
  <p class="description">${xmlEscape(c.description)}</p>
  <div class="key-points">
    <h2>Key points</h2>
    <ul>
${points}
    </ul>
  </div>
${text}
</section>`,
    ' xmlns:epub="http://www.idpf.org/2007/ops"',
  );
}

function titleXhtml(): string {
  return page(
    BOOK_TITLE,
    `<section epub:type="titlepage" id="title">
  <h1>${xmlEscape(BOOK_TITLE)}</h1>
  <p>${xmlEscape(BOOK_SUBTITLE)}</p>
  <p>By ${xmlEscape(BOOK_AUTHOR)}. Edition of ${BOOK_EDITION_DATE}.</p>
  <p>Figures attributed to the U.S. Bureau of Labor Statistics are stated with their month; every other number is labelled as an example or a rule of thumb. This is general information, not financial or legal advice.</p>
</section>`,
    ' xmlns:epub="http://www.idpf.org/2007/ops"',
  );
}

export function navXhtml(chapters: readonly BookChapter[]): string {
  const items = chapters.map((c) => `      <li><a href="${chapterFile(c)}">Chapter ${c.id}: ${xmlEscape(c.title)}</a></li>`).join("\n");
  return page(
    "Contents",
    `<nav epub:type="toc" id="toc">
  <h1>Contents</h1>
  <ol>
      <li><a href="title.xhtml">${xmlEscape(BOOK_TITLE)}</a></li>
${items}
  </ol>
</nav>`,
    ' xmlns:epub="http://www.idpf.org/2007/ops"',
  );
}

export function contentOpf(chapters: readonly BookChapter[]): string {
  const manifest = chapters
    .map((c) => `    <item id="chapter-${c.id}" href="${chapterFile(c)}" media-type="application/xhtml+xml"/>`)
    .join("\n");
  const spine = chapters.map((c) => `    <itemref idref="chapter-${c.id}"/>`).join("\n");
  return `<?xml version="1.0" encoding="UTF-8"?>
<package xmlns="http://www.idpf.org/2007/opf" version="3.0" unique-identifier="book-id" xml:lang="${BOOK_LANGUAGE}">
  <metadata xmlns:dc="http://purl.org/dc/elements/1.1/">
    <dc:identifier id="book-id">${BOOK_ID}</dc:identifier>
    <dc:title>${xmlEscape(BOOK_TITLE)}</dc:title>
    <dc:creator>${xmlEscape(BOOK_AUTHOR)}</dc:creator>
    <dc:language>${BOOK_LANGUAGE}</dc:language>
    <dc:date>${BOOK_EDITION_DATE}</dc:date>
    <meta property="dcterms:modified">${BOOK_EDITION_DATE}T00:00:00Z</meta>
  </metadata>
  <manifest>
    <item id="nav" href="nav.xhtml" media-type="application/xhtml+xml" properties="nav"/>
    <item id="css" href="style.css" media-type="text/css"/>
    <item id="title" href="title.xhtml" media-type="application/xhtml+xml"/>
${manifest}
  </manifest>
  <spine>
    <itemref idref="title"/>
    <itemref idref="nav"/>
${spine}
  </spine>
</package>
`;
}

/** The EPUB file's bytes. Deterministic: the same chapters give the same bytes. */
export async function buildEpub(chapters: readonly BookChapter[] = bookChapters()): Promise<Buffer> {
  const zip = new JSZip();
  const date = new Date(`${BOOK_EDITION_DATE}T00:00:00Z`);
  // First entry, stored (not deflated), no extra fields: readers sniff "mimetypeapplication/epub+zip" at byte 30.
  zip.file("mimetype", EPUB_MIME, { compression: "STORE", date });
  zip.file("META-INF/container.xml", CONTAINER, { date });
  zip.file("OEBPS/content.opf", contentOpf(chapters), { date });
  zip.file("OEBPS/nav.xhtml", navXhtml(chapters), { date });
  zip.file("OEBPS/style.css", CSS, { date });
  zip.file("OEBPS/title.xhtml", titleXhtml(), { date });
  for (const c of chapters) zip.file(`OEBPS/${chapterFile(c)}`, chapterXhtml(c), { date });
  return zip.generateAsync({ type: "nodebuffer", compression: "DEFLATE", compressionOptions: { level: 9 }, mimeType: EPUB_MIME });
}

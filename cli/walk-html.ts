import { Parser } from 'htmlparser2';

/**
 * Something that reads a page as the parser walks it: told of each start
 * tag (with its attributes), each run of text and each end tag, in document
 * order. Several readers share one parse of the page.
 */
export interface HtmlReader {
  onopentag?(name: string, attributes: Record<string, string>): void;
  ontext?(text: string): void;
  onclosetag?(name: string): void;
}

/**
 * Parses HTML once and tells every reader of it. Tag and attribute names
 * come in lower case, and character references are decoded in text and
 * attribute values as a browser decodes them (`&#x26;` is `&`), so what a
 * reader sees is what the page means, never its spelling: `<a href>` shown
 * in inline code is text, and an attribute is only ever an element's.
 */
export function walkHtml(html: string, readers: readonly HtmlReader[]): void {
  const parser = new Parser(
    {
      onopentag(name, attributes) {
        for (const reader of readers) reader.onopentag?.(name, attributes);
      },
      ontext(text) {
        for (const reader of readers) reader.ontext?.(text);
      },
      onclosetag(name) {
        for (const reader of readers) reader.onclosetag?.(name);
      },
    },
    { decodeEntities: true },
  );
  parser.write(html);
  parser.end();
}

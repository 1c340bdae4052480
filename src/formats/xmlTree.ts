import { ParseError } from '../errors.js';
import { entityValue } from './entities.js';
import { foundAt, quote, shown, sourceName } from './quote.js';
import { lineColumnAt } from './textLines.js';

/**
 * A small, tolerant XML reader: enough XML for puzzle files, and no dependency. It builds a
 * tree of elements and text; it skips the `<?xml ?>` declaration and other processing
 * instructions, comments and `<!DOCTYPE ...>` (with an internal subset), reads CDATA sections
 * as text, and decodes the five predefined entities and numeric character references. There
 * is no namespace handling and no validation. Malformed input (an unclosed or mismatched tag,
 * a bad attribute, an unknown entity, text after the root, elements nested deeper than
 * MAX_XML_DEPTH) is a ParseError at the exact line and column. Every node remembers the offset
 * where it starts, so callers can name places too.
 *
 * `scanXml` reports the document as events and keeps only the open elements, so a reader can
 * keep what it needs in bounded memory; `parseXml` builds the whole tree on top of it.
 */
export interface XmlElement {
  readonly kind: 'element';
  readonly name: string;
  readonly attributes: ReadonlyMap<string, string>;
  readonly children: readonly XmlNode[];
  /** Offset of the `<` that opens the element. */
  readonly offset: number;
}

export interface XmlText {
  readonly kind: 'text';
  /** The text with references decoded. */
  readonly text: string;
  /** Offset of the first character of the text in the source. */
  readonly offset: number;
  /** True when `text` is the source character for character (no references, no CDATA). */
  readonly verbatim: boolean;
}

export type XmlNode = XmlElement | XmlText;

const NAME = /[A-Za-z_:\u00c0-\uffff][\w.:\-\u00b7\u00c0-\uffff]*/y;

/** Elements nested deeper than this are an error (puzzle files need about five levels). */
export const MAX_XML_DEPTH = 1000;

/** What `scanXml` reports, in document order. */
export interface XmlEvents {
  /** A start tag (also of an empty element `<a/>`, which is closed right after). */
  open(name: string, attributes: ReadonlyMap<string, string>, offset: number): void;
  /** The end of the element whose start tag began at `offset`. */
  close(name: string, offset: number): void;
  /** Character data inside an element (references decoded); never empty. */
  text(node: XmlText): void;
}

/**
 * Reads `text` as XML and reports its elements and character data as events, without
 * building a tree: a consumer keeps what it needs. Every step is linear in the text.
 */
export function scanXml(text: string, events: XmlEvents, name?: string): void {
  const source = sourceName(name);
  const start = text.charCodeAt(0) === 0xfeff ? 1 : 0;
  let pos = start;
  const fail: (at: number, message: string) => never = (at, message) => {
    const { line, column } = lineColumnAt(text, at);
    throw new ParseError(message, line, column, source);
  };
  const stack: { name: string; offset: number }[] = [];
  let rootSeen = false;
  const nul = text.indexOf('\u0000');
  if (nul >= 0) fail(nul, 'XML does not allow the character "\\u0000"');

  const readName = (what: string): string => {
    NAME.lastIndex = pos;
    const m = NAME.exec(text);
    if (!m) fail(pos, `expected ${what}, found ${foundAt(text, pos, '<>/="\'', 'the end of the text')}`);
    pos += m[0].length;
    return m[0];
  };
  const skipSpace = (): void => {
    for (;;) {
      const c = text.charCodeAt(pos);
      if (c === 32 || c === 10 || c === 13 || c === 9 || (c > 127 && /\s/.test(text[pos]!))) pos++;
      else return;
    }
  };
  const skipPast = (end: string, what: string, from: number): void => {
    const i = text.indexOf(end, pos);
    if (i < 0) fail(from, `expected "${end}" to close this ${what}`);
    pos = i + end.length;
  };
  /** Decodes `raw` (which starts at offset `at`); an unknown reference is an error at its `&`. */
  const decode = (raw: string, at: number): string =>
    raw.includes('&')
      ? raw.replace(/&([^;&<\s]*)(;?)/g, (whole, body: string, semi: string, i: number) => {
          const value = semi ? entityValue(body, false) : undefined;
          if (value === undefined) {
            fail(at + i, semi ? `unknown entity ${quote(whole)}; expected &lt; &gt; &amp; &quot; &apos; or &#N;` : 'expected an entity like &amp; after "&"');
          }
          return value;
        })
      : raw;
  const addText = (node: XmlText): void => {
    if (stack.length > 0) {
      if (node.text !== '') events.text(node);
      return;
    }
    const at = node.text.search(/\S/);
    if (at >= 0) {
      const where = node.offset + (node.verbatim ? at : 0);
      const found = node.verbatim ? foundAt(text, where, '<', 'the end of the text') : 'text';
      fail(where, rootSeen ? `expected the end of the document after the root element, found ${found}` : `expected "<" to start the root element, found ${found}`);
    }
  };
  const openElement = (name: string, attributes: Map<string, string>, offset: number): void => {
    if (stack.length === 0) {
      if (rootSeen) fail(offset, `expected the end of the document after the root element, found <${shown(name)}>`);
      rootSeen = true;
    }
    if (stack.length >= MAX_XML_DEPTH) fail(offset, `elements nested deeper than ${MAX_XML_DEPTH} levels`);
    events.open(name, attributes, offset);
  };

  while (pos < text.length) {
    const lt = text.indexOf('<', pos);
    if (lt !== pos) {
      const end = lt < 0 ? text.length : lt;
      const raw = text.slice(pos, end);
      addText({ kind: 'text', text: decode(raw, pos), offset: pos, verbatim: !raw.includes('&') });
      pos = end;
      continue;
    }
    const from = pos;
    if (text.startsWith('<?', pos)) {
      skipPast('?>', 'processing instruction', from);
    } else if (text.startsWith('<!--', pos)) {
      skipPast('-->', 'comment', from);
    } else if (text.startsWith('<![CDATA[', pos)) {
      if (stack.length === 0) fail(from, 'expected a CDATA section only inside an element');
      pos += 9;
      const close = text.indexOf(']]>', pos);
      if (close < 0) fail(from, 'expected "]]>" to close this CDATA section');
      addText({ kind: 'text', text: text.slice(pos, close), offset: pos, verbatim: false });
      pos = close + 3;
    } else if (/^<!DOCTYPE\b/i.test(text.slice(pos, pos + 10))) {
      if (stack.length > 0 || rootSeen) fail(from, 'expected <!DOCTYPE> only before the root element');
      pos += 9;
      let depth = 0;
      let quoteChar = '';
      for (; pos < text.length; pos++) {
        const c = text[pos]!;
        if (quoteChar) {
          if (c === quoteChar) quoteChar = '';
        } else if (c === '"' || c === "'") quoteChar = c;
        else if (c === '[') depth++;
        else if (c === ']') depth--;
        else if (c === '>' && depth <= 0) break;
      }
      if (pos >= text.length) fail(from, 'expected ">" to close this <!DOCTYPE>');
      pos++;
    } else if (text.startsWith('</', pos)) {
      pos += 2;
      const name = readName('an element name after "</"');
      skipSpace();
      if (text[pos] !== '>') fail(pos, `expected ">" to close </${shown(name)}>, found ${foundAt(text, pos, '<>', 'the end of the text')}`);
      pos++;
      const open = stack.pop();
      if (!open) fail(from, `unexpected </${shown(name)}>: no element is open`);
      if (open.name !== name) {
        const { line } = lineColumnAt(text, open.offset);
        fail(from, `expected </${shown(open.name)}> (opened on line ${line}) but found </${shown(name)}>`);
      }
      events.close(open.name, open.offset);
    } else {
      pos++;
      const name = readName('an element name after "<"');
      const attributes = new Map<string, string>();
      let selfClosing = false;
      for (;;) {
        const before = pos;
        skipSpace();
        if (pos >= text.length) fail(from, `expected ">" to close <${shown(name)}>`);
        if (text[pos] === '>') {
          pos++;
          break;
        }
        if (text.startsWith('/>', pos)) {
          pos += 2;
          selfClosing = true;
          break;
        }
        if (pos === before) fail(pos, `expected a space, ">" or "/>" in <${shown(name)}>, found ${foundAt(text, pos, '<>/="\'')}`);
        const attrAt = pos;
        const attr = readName(`an attribute name, ">" or "/>" in <${shown(name)}>`);
        skipSpace();
        if (text[pos] !== '=') fail(pos, `expected "=" after attribute ${shown(attr)}, found ${foundAt(text, pos, '<>/="\'', 'the end of the text')}`);
        pos++;
        skipSpace();
        const q = text[pos];
        if (q !== '"' && q !== "'") fail(pos, `expected a quoted value for attribute ${shown(attr)}, found ${foundAt(text, pos, '<>/', 'the end of the text')}`);
        const close = text.indexOf(q, pos + 1);
        if (close < 0) fail(pos, `expected ${q} to close the value of attribute ${shown(attr)}`);
        const raw = text.slice(pos + 1, close);
        const lt2 = raw.indexOf('<');
        if (lt2 >= 0) fail(pos + 1 + lt2, `expected ${q} to close the value of attribute ${shown(attr)} before "<"`);
        if (attributes.has(attr)) fail(attrAt, `attribute ${shown(attr)} appears twice in <${shown(name)}>`);
        attributes.set(attr, decode(raw, pos + 1));
        pos = close + 1;
      }
      openElement(name, attributes, from);
      if (selfClosing) events.close(name, from);
      else stack.push({ name, offset: from });
    }
  }
  const open = stack[stack.length - 1];
  if (open) fail(text.length, `expected </${shown(open.name)}> before the end of the document (opened on line ${lineColumnAt(text, open.offset).line})`);
  if (!rootSeen) fail(text.length, 'expected a root element');
}

/** The document as a tree (`scanXml` with every node kept). */
export function parseXml(text: string, source?: string): XmlElement {
  interface Open {
    name: string;
    attributes: ReadonlyMap<string, string>;
    children: XmlNode[];
    offset: number;
  }
  const stack: Open[] = [];
  let root: XmlElement | undefined;
  scanXml(
    text,
    {
      open(name, attributes, offset) {
        stack.push({ name, attributes, children: [], offset });
      },
      close() {
        const o = stack.pop()!;
        const element: XmlElement = { kind: 'element', name: o.name, attributes: o.attributes, children: o.children, offset: o.offset };
        const parent = stack[stack.length - 1];
        if (parent) parent.children.push(element);
        else root = element;
      },
      text(node) {
        stack[stack.length - 1]!.children.push(node);
      },
    },
    source,
  );
  return root!;
}

/** The element children of `parent` with this name (compared without case). */
export function childElements(parent: XmlElement, name: string): XmlElement[] {
  const want = name.toLowerCase();
  return parent.children.filter((c): c is XmlElement => c.kind === 'element' && c.name.toLowerCase() === want);
}

/** The text of an element and all its descendants, concatenated (no recursion: any depth). */
export function textContent(element: XmlElement): string {
  let out = '';
  const todo: XmlNode[] = [...element.children].reverse();
  for (let node = todo.pop(); node; node = todo.pop()) {
    if (node.kind === 'text') out += node.text;
    else for (let i = node.children.length - 1; i >= 0; i--) todo.push(node.children[i]!);
  }
  return out;
}

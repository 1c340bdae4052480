import { ParseError } from '../errors.js';
import { entityValue } from './entities.js';
import { lineColumnAt } from './textLines.js';

/**
 * A small, tolerant XML reader: enough XML for puzzle files, and no dependency. It builds a
 * tree of elements and text; it skips the `<?xml ?>` declaration and other processing
 * instructions, comments and `<!DOCTYPE ...>` (with an internal subset), reads CDATA sections
 * as text, and decodes the five predefined entities and numeric character references. There
 * is no namespace handling and no validation. Malformed input (an unclosed or mismatched tag,
 * a bad attribute, an unknown entity, text after the root) is a ParseError at the exact line
 * and column. Every node remembers the offset where it starts, so callers can name places too.
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

export function parseXml(text: string, source?: string): XmlElement {
  const start = text.charCodeAt(0) === 0xfeff ? 1 : 0;
  let pos = start;
  const fail: (at: number, message: string) => never = (at, message) => {
    const { line, column } = lineColumnAt(text, at);
    throw new ParseError(message, line, column, source);
  };
  interface Open {
    name: string;
    attributes: Map<string, string>;
    children: XmlNode[];
    offset: number;
  }
  const stack: Open[] = [];
  let root: XmlElement | undefined;

  const readName = (what: string): string => {
    NAME.lastIndex = pos;
    const m = NAME.exec(text);
    if (!m) fail(pos, `expected ${what}`);
    pos += m[0].length;
    return m[0];
  };
  const skipSpace = (): void => {
    while (pos < text.length && /\s/.test(text[pos]!)) pos++;
  };
  const skipPast = (end: string, what: string, from: number): void => {
    const i = text.indexOf(end, pos);
    if (i < 0) fail(from, `expected "${end}" to close this ${what}`);
    pos = i + end.length;
  };
  /** Decodes `raw` (which starts at offset `at`); an unknown reference is an error at its `&`. */
  const decode = (raw: string, at: number): string =>
    raw.replace(/&([^;&<\s]*)(;?)/g, (whole, body: string, semi: string, i: number) => {
      const value = semi ? entityValue(body, false) : undefined;
      if (value === undefined) {
        fail(at + i, semi ? `unknown entity "${whole}"; expected &lt; &gt; &amp; &quot; &apos; or &#N;` : 'expected an entity like &amp; after "&"');
      }
      return value;
    });
  const addNode = (node: XmlNode): void => {
    const parent = stack[stack.length - 1];
    if (parent) parent.children.push(node);
    else if (node.kind === 'element') {
      if (root) fail(node.offset, 'expected the end of the document after the root element');
      root = node;
    } else if (node.text.trim() !== '') {
      fail(node.offset + node.text.search(/\S/), root ? 'expected the end of the document after the root element' : 'expected "<" to start the root element');
    }
  };

  while (pos < text.length) {
    const lt = text.indexOf('<', pos);
    if (lt !== pos) {
      const end = lt < 0 ? text.length : lt;
      const raw = text.slice(pos, end);
      addNode({ kind: 'text', text: decode(raw, pos), offset: pos, verbatim: !raw.includes('&') });
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
      addNode({ kind: 'text', text: text.slice(pos, close), offset: pos, verbatim: false });
      pos = close + 3;
    } else if (/^<!DOCTYPE\b/i.test(text.slice(pos, pos + 10))) {
      if (stack.length > 0 || root) fail(from, 'expected <!DOCTYPE> only before the root element');
      pos += 9;
      let depth = 0;
      let quote = '';
      for (; pos < text.length; pos++) {
        const c = text[pos]!;
        if (quote) {
          if (c === quote) quote = '';
        } else if (c === '"' || c === "'") quote = c;
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
      if (text[pos] !== '>') fail(pos, `expected ">" to close </${name}>`);
      pos++;
      const open = stack.pop();
      if (!open) fail(from, `unexpected </${name}>: no element is open`);
      if (open.name !== name) {
        const { line } = lineColumnAt(text, open.offset);
        fail(from, `expected </${open.name}> (opened on line ${line}) but found </${name}>`);
      }
      addNode({ kind: 'element', name: open.name, attributes: open.attributes, children: open.children, offset: open.offset });
    } else {
      pos++;
      const name = readName('an element name after "<"');
      const attributes = new Map<string, string>();
      let selfClosing = false;
      for (;;) {
        const before = pos;
        skipSpace();
        if (pos >= text.length) fail(from, `expected ">" to close <${name}>`);
        if (text[pos] === '>') {
          pos++;
          break;
        }
        if (text.startsWith('/>', pos)) {
          pos += 2;
          selfClosing = true;
          break;
        }
        if (pos === before) fail(pos, `expected a space, ">" or "/>" in <${name}>`);
        const attrAt = pos;
        const attr = readName(`an attribute name, ">" or "/>" in <${name}>`);
        skipSpace();
        if (text[pos] !== '=') fail(pos, `expected "=" after attribute ${attr}`);
        pos++;
        skipSpace();
        const q = text[pos];
        if (q !== '"' && q !== "'") fail(pos, `expected a quoted value for attribute ${attr}`);
        const close = text.indexOf(q!, pos + 1);
        if (close < 0) fail(pos, `expected ${q} to close the value of attribute ${attr}`);
        const raw = text.slice(pos + 1, close);
        const lt2 = raw.indexOf('<');
        if (lt2 >= 0) fail(pos + 1 + lt2, `expected ${q} to close the value of attribute ${attr} before "<"`);
        if (attributes.has(attr)) fail(attrAt, `attribute ${attr} appears twice in <${name}>`);
        attributes.set(attr, decode(raw, pos + 1));
        pos = close + 1;
      }
      if (selfClosing) addNode({ kind: 'element', name, attributes, children: [], offset: from });
      else stack.push({ name, attributes, children: [], offset: from });
    }
  }
  const open = stack[stack.length - 1];
  if (open) fail(text.length, `expected </${open.name}> before the end of the document (opened on line ${lineColumnAt(text, open.offset).line})`);
  if (!root) fail(text.length, 'expected a root element');
  return root!;
}

/** The element children of `parent` with this name (compared without case). */
export function childElements(parent: XmlElement, name: string): XmlElement[] {
  const want = name.toLowerCase();
  return parent.children.filter((c): c is XmlElement => c.kind === 'element' && c.name.toLowerCase() === want);
}

/** The text of an element and all its descendants, concatenated. */
export function textContent(element: XmlElement): string {
  return element.children.map((c) => (c.kind === 'text' ? c.text : textContent(c))).join('');
}

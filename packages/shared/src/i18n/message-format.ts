/**
 * ICU MessageFormat, the part the catalogs use: `{name}`, `{count, number}`, `{count, plural, =0 {…} one {…}
 * other {…}}` with `#` and an optional `offset:`, `{x, select, …}`, and ICU's apostrophe quoting. Tags are
 * text (as intl-messageformat's `ignoreTag`). It replaces intl-messageformat, whose parser cost every page with
 * script 10 KB gzipped; a unit test formats every catalog message with both and compares (decision 001).
 */

import { findNumberFormat, findPluralRules } from './intl-formats.ts';
import type { MessageValues } from './translator.ts';

type Part =
  | string
  | { kind: 'argument'; name: string }
  | { kind: 'number'; name: string }
  | { kind: 'pound' }
  | { kind: 'plural'; name: string; offset: number; options: Map<string, Part[]> }
  | { kind: 'select'; name: string; options: Map<string, Part[]> };

type Parent = 'plural' | 'select' | null;

class MessageParser {
  private position = 0;
  private readonly source: string;

  constructor(source: string) {
    this.source = source;
  }

  parse(): Part[] {
    const parts = this.parseParts(null);
    if (this.position < this.source.length) this.fail('an unmatched }');
    return parts;
  }

  private fail(what: string): never {
    throw new SyntaxError(`${what} at ${this.position} in "${this.source}"`);
  }

  private parseParts(parent: Parent): Part[] {
    const parts: Part[] = [];
    let text = '';
    const { source } = this;
    while (this.position < source.length) {
      const char = source[this.position]!;
      if (char === '}') break;
      if (char === '{') {
        if (text) parts.push(text);
        text = '';
        parts.push(this.parseArgument());
        continue;
      }
      if (char === '#' && parent === 'plural') {
        if (text) parts.push(text);
        text = '';
        parts.push({ kind: 'pound' });
        this.position++;
        continue;
      }
      if (char === "'") {
        text += this.parseQuote(parent);
        continue;
      }
      text += char;
      this.position++;
    }
    if (text) parts.push(text);
    return parts;
  }

  /** `''` is one apostrophe; an apostrophe before a brace (or `#` in a plural) quotes up to the next one. */
  private parseQuote(parent: Parent): string {
    const { source } = this;
    const next = source[this.position + 1];
    if (next === "'") {
      this.position += 2;
      return "'";
    }
    const quotes =
      next === '{' || next === '}' || next === '<' || next === '>' || (next === '#' && parent === 'plural');
    if (!quotes) {
      this.position++;
      return "'";
    }
    this.position++;
    let quoted = '';
    while (this.position < source.length) {
      const char = source[this.position]!;
      if (char === "'") {
        if (source[this.position + 1] === "'") {
          quoted += "'";
          this.position += 2;
          continue;
        }
        this.position++;
        return quoted;
      }
      quoted += char;
      this.position++;
    }
    return quoted;
  }

  private skipSpace() {
    while (/\s/.test(this.source[this.position] ?? '')) this.position++;
  }

  private readWord(): string {
    this.skipSpace();
    const match = /^[^\s{},#]+/.exec(this.source.slice(this.position));
    if (!match) this.fail('a name');
    this.position += match[0].length;
    this.skipSpace();
    return match[0];
  }

  private expect(char: string) {
    if (this.source[this.position] !== char) this.fail(`"${char}"`);
    this.position++;
  }

  private parseArgument(): Part {
    this.expect('{');
    const name = this.readWord();
    if (this.source[this.position] === '}') {
      this.position++;
      return { kind: 'argument', name };
    }
    this.expect(',');
    const type = this.readWord();
    if (type === 'number') {
      this.expect('}');
      return { kind: 'number', name };
    }
    if (type !== 'plural' && type !== 'select') this.fail(`the unsupported type "${type}"`);
    this.expect(',');
    let offset = 0;
    const options = new Map<string, Part[]>();
    for (;;) {
      this.skipSpace();
      if (this.source[this.position] === '}') break;
      const selector = this.readWord();
      if (type === 'plural' && selector.startsWith('offset:')) {
        offset = Number(selector.slice('offset:'.length));
        continue;
      }
      this.expect('{');
      options.set(selector, this.parseParts(type));
      this.expect('}');
    }
    this.expect('}');
    if (!options.has('other')) this.fail(`${type} without "other"`);
    return type === 'plural' ? { kind: 'plural', name, offset, options } : { kind: 'select', name, options };
  }
}

function formatNumber(locale: string, value: number): string {
  return findNumberFormat(locale).format(value);
}

function selectPlural(locale: string, value: number): string {
  return findPluralRules(locale).select(value);
}

function findValue(values: MessageValues | undefined, name: string, source: string) {
  if (!values || !Object.hasOwn(values, name)) throw new Error(`the message "${source}" needs the value "${name}"`);
  return values[name]!;
}

function formatParts(
  parts: Part[],
  locale: string,
  values: MessageValues | undefined,
  source: string,
  pound: number | null,
): string {
  let out = '';
  for (const part of parts) {
    if (typeof part === 'string') out += part;
    else if (part.kind === 'pound') out += pound === null ? '#' : formatNumber(locale, pound);
    else if (part.kind === 'argument') out += String(findValue(values, part.name, source) ?? '');
    else if (part.kind === 'number') out += formatNumber(locale, Number(findValue(values, part.name, source)));
    else if (part.kind === 'select') {
      const value = String(findValue(values, part.name, source));
      const chosen = part.options.get(value) ?? part.options.get('other')!;
      out += formatParts(chosen, locale, values, source, pound);
    } else {
      const value = Number(findValue(values, part.name, source));
      const counted = value - part.offset;
      const chosen =
        part.options.get(`=${value}`) ?? part.options.get(selectPlural(locale, counted)) ?? part.options.get('other')!;
      out += formatParts(chosen, locale, values, source, counted);
    }
  }
  return out;
}

/** Parses a message once; the function it answers formats it with values. Throws on a message it cannot read. */
export function compileMessage(source: string, locale: string): (values?: MessageValues) => string {
  const parts = new MessageParser(source).parse();
  if (parts.length === 1 && typeof parts[0] === 'string') {
    const text = parts[0];
    return () => text;
  }
  if (parts.length === 0) return () => '';
  return (values) => formatParts(parts, locale, values, source, null);
}

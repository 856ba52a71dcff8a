import {
  isLiteralElement,
  isPluralElement,
  isPoundElement,
  isSelectElement,
  isTagElement,
  type MessageFormatElement,
  parse,
} from '@formatjs/icu-messageformat-parser';

/**
 * Names of the ICU arguments a message uses, sorted; used to check translations against the source. Read from the
 * parsed message (tags as text, as the translator formats them), so words in plural or select branches and quoted
 * braces are not taken for arguments; a message that does not parse throws.
 */
export function messageArguments(message: string): string[] {
  const names = new Set<string>();
  const walk = (elements: MessageFormatElement[]) => {
    for (const element of elements) {
      if (isLiteralElement(element) || isPoundElement(element)) continue;
      if (isTagElement(element)) {
        walk(element.children);
        continue;
      }
      names.add(element.value);
      if (isPluralElement(element) || isSelectElement(element)) {
        for (const option of Object.values(element.options)) walk(option.value);
      }
    }
  };
  walk(parse(message, { ignoreTag: true }));
  return [...names].sort();
}

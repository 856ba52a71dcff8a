import { isLocale, type Locale } from '@app/shared/i18n/locales';
import { type BrowserNamespace, type MessageFile, messageFilePath } from '@app/shared/i18n/message-namespaces';
import { createTranslator, type Translate } from '@app/shared/i18n/translator';

// The messages this browser tab has loaded, per language, and one translator per language over them: each
// message is compiled the first time a page uses it and reused on every page after.

interface LoadedLanguage {
  messages: Record<string, string>;
  namespaces: Set<string>;
  translate: Translate;
}

const languages = new Map<Locale, LoadedLanguage>();
/** Message files by address, while they load and after. */
const files = new Map<string, Promise<void>>();

function findLanguage(locale: Locale): LoadedLanguage {
  let language = languages.get(locale);
  if (!language) {
    const messages: Record<string, string> = {};
    language = { messages, namespaces: new Set(), translate: createTranslator(locale, messages) };
    languages.set(locale, language);
  }
  return language;
}

async function fetchMessageFile(path: string, file: MessageFile): Promise<void> {
  const response = await fetch(path);
  if (!response.ok) throw new Error(`${path}: ${response.status}`);
  const messages = (await response.json()) as Record<string, string>;
  const language = findLanguage(file.locale);
  Object.assign(language.messages, messages);
  for (const namespace of file.namespaces) language.namespaces.add(namespace);
}

function loadMessageFile(file: MessageFile): Promise<void> {
  const path = messageFilePath(file.version, file.locale, file.namespaces);
  let loading = files.get(path);
  if (!loading) {
    loading = fetchMessageFile(path, file);
    files.set(path, loading);
    // A failed file is asked for again by the next render that needs it.
    loading.catch(() => files.delete(path));
  }
  return loading;
}

/** The files of these namespace sets that this tab does not have yet, loading. */
export function loadMessageGroups(
  version: string,
  locale: Locale,
  groups: readonly (readonly BrowserNamespace[])[],
): Promise<void>[] {
  const language = findLanguage(locale);
  return groups
    .filter((namespaces) => !namespaces.every((namespace) => language.namespaces.has(namespace)))
    .map((namespaces) => loadMessageFile({ version, locale, namespaces: [...namespaces] }));
}

/** The translator of a language over every message loaded so far. */
export function findBrowserTranslator(locale: Locale): Translate {
  return findLanguage(locale).translate;
}

/**
 * The message files the server preloaded for the first page (`<link rel="preload" as="fetch">`, see root.tsx):
 * the browser hydrates once they are here, so the first render matches the server's without a flash of keys.
 */
export function loadPreloadedMessages(): Promise<unknown> {
  const loading: Promise<void>[] = [];
  for (const link of document.querySelectorAll<HTMLLinkElement>('link[rel="preload"][as="fetch"]')) {
    // The server wrote these addresses (messageFilePath), so reading them back needs no checks beyond their shape.
    const [prefix, version, locale, file] = new URL(link.href).pathname.split('/').slice(1);
    if (prefix !== 'locales' || !version || !isLocale(locale) || !file?.endsWith('.json')) continue;
    const namespaces = file.slice(0, -'.json'.length).split('+') as BrowserNamespace[];
    loading.push(loadMessageFile({ version, locale, namespaces }));
  }
  return Promise.allSettled(loading);
}

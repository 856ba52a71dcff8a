import type { Gif } from '@app/shared/chat/chat';
import { gifQueryMaxLength } from '@app/shared/chat/chat-constants';
import { type ReactNode, useEffect, useRef, useState } from 'react';
import { Form, useLocation } from 'react-router';
import { apiRequest } from '../../lib/api-client.ts';
import { useI18n } from '../../lib/i18n.tsx';
import { useApiErrorText } from '../../lib/use-api-error-text.ts';
import type { ChatPageData } from '../../routes/chats/chat-page.server.ts';
import { ChatPanelHead } from './chat-panel-head.tsx';

/** How long the search waits after the last keystroke. */
const searchDelayMs = 350;

interface GifResults {
  query: string;
  gifs: Gif[];
}

/**
 * The GIF search (spec section 2, "gif search"): words in the member's language, trending GIFs while there are none.
 * Without script the search is a GET form (`?gif=words`) and the page comes back with the results, each a submit
 * button of the send form; with script the results come from GET /api/gifs.php as the member types, and a choice
 * is sent at once.
 */
export function GifPanel(props: {
  initial: ChatPageData['gifSearch'];
  fields: ReactNode;
  action: string;
  cost: string;
  closeHref: string;
  onClose: () => void;
  onPick: (gif: Gif) => void;
}) {
  const { t } = useI18n();
  const errorText = useApiErrorText();
  const { pathname } = useLocation();
  const [query, setQuery] = useState(props.initial?.query ?? '');
  const [results, setResults] = useState<GifResults | null>(
    props.initial ? { query: props.initial.query, gifs: props.initial.gifs } : null,
  );
  const [problem, setProblem] = useState<string | null>(null);
  const latest = useRef(0);

  const search = (words: string) => {
    const asked = ++latest.current;
    apiRequest<{ gifs: Gif[] }>('GET', `/api/gifs.php?q=${encodeURIComponent(words.trim())}`)
      .then((answer) => {
        if (asked !== latest.current) return;
        setProblem(null);
        setResults({ query: words, gifs: answer.gifs });
      })
      .catch((error: unknown) => {
        if (asked === latest.current) setProblem(errorText(error));
      });
  };

  // Trending first, then as the member types (a pause after the last key).
  // biome-ignore lint/correctness/useExhaustiveDependencies: searches for the words; `search` is made each render
  useEffect(() => {
    if (results && results.query === query) return;
    const timer = setTimeout(() => search(query), results ? searchDelayMs : 0);
    return () => clearTimeout(timer);
  }, [query]);

  return (
    <section className="chat-panel" aria-labelledby="chat-gif-title" data-testid="chat-gif-panel">
      <ChatPanelHead
        id="chat-gif-title"
        title={t('chat.gif_title')}
        closeHref={props.closeHref}
        onClose={props.onClose}
      />
      <search>
        <form
          method="get"
          action={pathname}
          className="chat-gif-search"
          onSubmit={(event) => {
            event.preventDefault();
            search(query);
          }}
        >
          <label className="visually-hidden" htmlFor="chat-gif-query">
            {t('chat.gif_search')}
          </label>
          <input
            className="form-control"
            type="search"
            id="chat-gif-query"
            name="gif"
            value={query}
            maxLength={gifQueryMaxLength}
            placeholder={t('chat.gif_search')}
            onChange={(event) => setQuery(event.target.value)}
          />
          <button type="submit" className="btn btn-outline-secondary">
            {t('chat.gif_submit')}
          </button>
        </form>
      </search>
      <p className="small text-body-secondary mb-1">
        {results && results.query.trim() === '' ? `${t('chat.gif_trending')} · ` : ''}
        {t('chat.gif_cost', { cost: props.cost })}
      </p>
      {problem ? (
        <p className="text-danger small" role="alert">
          {problem}
        </p>
      ) : null}
      {results && results.gifs.length === 0 ? <p className="small mb-0">{t('chat.gif_none')}</p> : null}
      {results && results.gifs.length > 0 ? (
        <Form method="post" action={props.action}>
          {props.fields}
          <input type="hidden" name="type" value="gif" />
          <ul className="chat-gif-grid" data-testid="chat-gif-results">
            {results.gifs.map((gif) => (
              <li key={gif.id}>
                <button
                  type="submit"
                  name="gif"
                  value={gif.id}
                  className="chat-gif-choice"
                  title={gif.title}
                  onClick={(event) => {
                    event.preventDefault();
                    props.onPick(gif);
                  }}
                >
                  <img src={gif.preview} alt={gif.title} width={gif.width} height={gif.height} loading="lazy" />
                </button>
              </li>
            ))}
          </ul>
        </Form>
      ) : null}
    </section>
  );
}

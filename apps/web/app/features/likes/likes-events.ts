/**
 * News between the parts of the page that show likes: a like button that made a match, or any change that should
 * reload the likes (badge, lists). Window events, so that the parts need not know of each other.
 */

/** The member matched with by a like just given (the match modal shows both photos). */
export interface MatchNews {
  id: number;
  name: string;
  photo: string | null;
  fictional: boolean;
}

const matchEvent = 'app:likes-match';
const changedEvent = 'app:likes-changed';

export function announceMatch(match: MatchNews) {
  window.dispatchEvent(new CustomEvent<MatchNews>(matchEvent, { detail: match }));
}

export function announceLikesChanged() {
  window.dispatchEvent(new Event(changedEvent));
}

/** Calls `listener` on each match; answers the function that stops listening. */
export function onMatch(listener: (match: MatchNews) => void): () => void {
  const handler = (event: Event) => listener((event as CustomEvent<MatchNews>).detail);
  window.addEventListener(matchEvent, handler);
  return () => window.removeEventListener(matchEvent, handler);
}

export function onLikesChanged(listener: () => void): () => void {
  window.addEventListener(changedEvent, listener);
  return () => window.removeEventListener(changedEvent, listener);
}

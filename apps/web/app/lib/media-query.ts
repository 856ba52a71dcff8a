import { useSyncExternalStore } from 'react';

/** A useSyncExternalStore subscription to a CSS media query (screen size, display mode). */
export function subscribeToMediaQuery(query: string) {
  return (onChange: () => void) => {
    const list = window.matchMedia(query);
    list.addEventListener('change', onChange);
    return () => list.removeEventListener('change', onChange);
  };
}

const smartphoneQuery = '(max-width: 767.98px)';

function isSmartphone(): boolean {
  return typeof window !== 'undefined' && window.matchMedia(smartphoneQuery).matches;
}

const subscribeToWidth = subscribeToMediaQuery(smartphoneQuery);

/** Whether the screen is phone-sized; null on the server and while hydrating, so both render the same. */
export function useSmartphone(): boolean | null {
  return useSyncExternalStore(subscribeToWidth, isSmartphone, () => null);
}

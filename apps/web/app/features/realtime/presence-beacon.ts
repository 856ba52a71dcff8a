/** The page tells the server it went out of sight (spec section 7): from then on news is pushed and mailed. */
const pageHiddenPath = '/api/page-hidden.php';

function sendPageHidden() {
  // A keep-alive request outlives the page; navigator.sendBeacon cannot send the client header the CSRF check wants.
  void fetch(pageHiddenPath, {
    method: 'POST',
    keepalive: true,
    credentials: 'same-origin',
    headers: { 'content-type': 'application/json', 'X-Request-Type': 'client' },
    body: '{}',
  }).catch(() => {
    // The socket's close says the same, a little later.
  });
}

/**
 * Sends POST /api/page-hidden.php as a beacon when the logged-in member's page becomes hidden (another tab, the
 * phone locked, the page closed): once per time hidden, as `visibilitychange` and `pagehide` both come when a tab
 * closes. The socket says when the page is seen again (realtime-socket.ts). Answers the function that stops it.
 */
export function startPresenceBeacon(): () => void {
  let sent = false;
  const onHidden = () => {
    if (sent) return;
    sent = true;
    sendPageHidden();
  };
  const onVisibility = () => {
    if (document.visibilityState === 'hidden') onHidden();
    else sent = false;
  };
  const onPageShow = () => {
    if (document.visibilityState === 'visible') sent = false;
  };
  document.addEventListener('visibilitychange', onVisibility);
  window.addEventListener('pagehide', onHidden);
  window.addEventListener('pageshow', onPageShow);
  return () => {
    document.removeEventListener('visibilitychange', onVisibility);
    window.removeEventListener('pagehide', onHidden);
    window.removeEventListener('pageshow', onPageShow);
  };
}

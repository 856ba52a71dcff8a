/**
 * Whether a request comes from a smartphone, where signup is a page rather than a modal (spec: "depending on
 * whether the device is a smartphone"). Chromium says so in a client hint it sends unasked; other browsers put
 * "Mobi" in the user agent of phones (not of tablets). `header` reads a request header by its lower-case name, so
 * that the pages (Fetch `Headers`) and the server (Node's header object) decide alike.
 */
export function isSmartphoneRequest(header: (name: string) => string | null | undefined): boolean {
  const hint = header('sec-ch-ua-mobile');
  if (hint) return hint === '?1';
  return /Mobi/i.test(header('user-agent') ?? '');
}

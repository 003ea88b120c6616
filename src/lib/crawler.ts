/**
 * Whether a User-Agent is a crawler or a tool rather than a person's browser (search engines,
 * link previews, headless browsers, Lighthouse, HTTP libraries): analytics count it as a bot,
 * experiments show it the control.
 */
export const isCrawler = (userAgent: string | null | undefined): boolean =>
  !!userAgent &&
  /bot|crawl|spider|slurp|headless|lighthouse|facebookexternalhit|embedly|preview|curl|wget|python-requests|go-http-client/i.test(
    userAgent,
  );

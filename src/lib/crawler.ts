/**
 * Words of a User-Agent that is a crawler or a tool rather than a person's browser, matched
 * anywhere in it, any case. One list for every use: analytics count such a visitor as a bot,
 * experiments show it the control, and a streamed page reaches it only once complete (some
 * crawlers do not run the scripts that move streamed Suspense content into place). In order:
 * search engines and crawlers at large (Googlebot, bingbot, DuckDuckBot, Applebot, YandexBot
 * and YandexImages, Baiduspider, Yahoo's Slurp; link previews that call themselves bots:
 * Slackbot, Twitterbot, LinkedInBot, Discordbot, TelegramBot); link previews that do not
 * (Facebook, Embedly, Quora Link Preview, Pinterest, WhatsApp); SEO tools; headless browsers and
 * audits (HeadlessChrome, Lighthouse and PageSpeed's Chrome-Lighthouse); HTTP tools and libraries.
 */
const crawlerPattern =
  /bot|crawl|spider|slurp|yandex|facebookexternalhit|embedly|preview|pinterest|whatsapp|semrush|ahrefs|headless|lighthouse|curl|wget|python-requests|go-http-client/i;

export function isCrawler(userAgent: string | null | undefined): boolean {
  return !!userAgent && crawlerPattern.test(userAgent);
}

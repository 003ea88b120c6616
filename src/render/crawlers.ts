/**
 * Known crawlers get the whole document at once (after React's `allReady`): some do not
 * run the scripts that move streamed Suspense content into place.
 */
const crawlerPattern =
  /bot\b|crawler|spider|crawling|slurp|googlebot|bingbot|yandex|baiduspider|duckduckbot|facebookexternalhit|twitterbot|linkedinbot|embedly|quora link preview|pinterest|slackbot|discordbot|telegrambot|whatsapp|applebot|semrush|ahrefs|lighthouse|chrome-lighthouse|headlesschrome\/.*pagespeed/i;

export function isCrawler(userAgent: string | undefined | null): boolean {
  return !!userAgent && crawlerPattern.test(userAgent);
}

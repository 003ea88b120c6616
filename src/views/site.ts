/** Data every page's shell needs (header and footer), loaded on the server with the page. */
export interface StockQuote {
  ticker: string;
  value: number;
  currency: string;
  /** Change since the previous close, in percent. */
  changePercent: number;
  /** ISO timestamp of the quote. */
  lastUpdate: string;
}

export interface SiteChrome {
  name: string;
  /** Computed on the server so the server and client renders agree. */
  year: number;
  stock: StockQuote | null;
  privacyPolicyUrl: string;
}

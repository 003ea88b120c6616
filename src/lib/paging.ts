// Long lists page with `?page=` (the blog, events, careers): one reading of it for all.

/** `?page=` as a page number: absent is 1; anything but a plain positive integer is null. */
export function parsePage(value: string | null): number | null {
  if (value === null) return 1;
  return /^[1-9]\d{0,4}$/.test(value) ? Number(value) : null;
}

/**
 * Event dates, built by hand from UTC parts: Intl's range formatting differs between ICU
 * versions (the worker's and a browser's), which would break hydration.
 */
const months = ["January", "February", "March", "April", "May", "June", "July", "August", "September", "October", "November", "December"];
const shortMonths = months.map((month) => month.slice(0, 3));

const pad = (n: number) => String(n).padStart(2, "0");

/** "3 December 2026", "3–4 December 2026", "30 November – 2 December 2026", across years in full. */
export function formatDateRange(startIso: string, endIso: string | null): string {
  const start = new Date(startIso);
  const end = endIso ? new Date(endIso) : null;
  const d1 = start.getUTCDate();
  const m1 = start.getUTCMonth();
  const y1 = start.getUTCFullYear();
  if (!end || end <= start) return `${d1} ${months[m1]} ${y1}`;
  const d2 = end.getUTCDate();
  const m2 = end.getUTCMonth();
  const y2 = end.getUTCFullYear();
  if (y1 !== y2) return `${d1} ${months[m1]} ${y1} – ${d2} ${months[m2]} ${y2}`;
  if (m1 !== m2) return `${d1} ${months[m1]} – ${d2} ${months[m2]} ${y1}`;
  if (d1 !== d2) return `${d1}–${d2} ${months[m1]} ${y1}`;
  return `${d1} ${months[m1]} ${y1}`;
}

/** "15:00" in UTC. */
export function formatTime(iso: string): string {
  const date = new Date(iso);
  return `${pad(date.getUTCHours())}:${pad(date.getUTCMinutes())}`;
}

/** True when both ends fall on the same UTC day (or there is no end). */
export function isSingleDay(startIso: string, endIso: string | null): boolean {
  return !endIso || new Date(startIso).toISOString().slice(0, 10) === new Date(endIso).toISOString().slice(0, 10);
}

/** Parts of a calendar tile: "DEC" and "3". */
export function dateTile(iso: string): { month: string; day: string } {
  const date = new Date(iso);
  return { month: shortMonths[date.getUTCMonth()]!, day: String(date.getUTCDate()) };
}

/** "16 Dec, 08:00" in UTC. */
export function formatDayTime(iso: string): string {
  const date = new Date(iso);
  return `${date.getUTCDate()} ${shortMonths[date.getUTCMonth()]}, ${formatTime(iso)}`;
}

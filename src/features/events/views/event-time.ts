import { t } from "../../../i18n";
import type { EventDetail } from "../types";
import { formatTime, isSingleDay } from "./dates";

/** Hero line: the time range on a single day, else when it starts. */
export function eventTimeText(event: EventDetail): string {
  if (event.endAt && isSingleDay(event.startAt, event.endAt)) {
    return t("events.time_range", { start: formatTime(event.startAt), end: formatTime(event.endAt) });
  }
  return event.endAt ? t("events.time_multi_day", { start: formatTime(event.startAt) }) : `${formatTime(event.startAt)} UTC`;
}

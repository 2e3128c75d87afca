// Long spans in words for turn-based play: "2 T 5 Std", "3 Std 12 min" (the turn clock of a long
// timer, the lobby's timer presets, the "your turn" list). Short spans stay with their callers.
export const HOUR = 3600;
const DAY = 24 * HOUR;

/** A table's turn timer in words: "30 Sekunden pro Entscheidung", "1 Tag pro Entscheidung (rundenbasiert)". */
export function timerText(t, seconds) {
  return seconds >= HOUR ? t("turns.timer_preset", { span: durationText(t, seconds) }) : t("lobby.timer_seconds", { s: seconds });
}

/** `seconds` as days and hours (a day or more), hours and minutes (an hour or more), minutes, or
 *  "less than a minute". */
export function durationText(t, seconds) {
  const s = Math.max(0, Math.round(seconds));
  const d = Math.floor(s / DAY);
  const h = Math.floor((s % DAY) / HOUR);
  const m = Math.floor((s % HOUR) / 60);
  if (d > 0) return h > 0 ? t("turns.span_days_hours", { d, h }) : t("turns.span_days", { count: d, d });
  if (h > 0) return m > 0 ? t("turns.span_hours_minutes", { h, m }) : t("turns.span_hours", { count: h, h });
  return m > 0 ? t("turns.span_minutes", { count: m, m }) : t("turns.span_under_minute");
}

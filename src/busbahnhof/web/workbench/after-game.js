// At the end of a game (table.js): a playtest table's tester is offered the feedback form of the
// deck version they just played (#/workbench/feedback/<table>/<token>). Asked once per table and
// seat; a table that is no playtest shows nothing.
import { h } from "../dom.js";
import { t } from "../i18n.js";
import { bench } from "./api.js";

const asked = new Map();

/** A holder that, for a playtest seat that has not answered, fills with a link to the form. */
export function feedbackOffer(tableId, token) {
  if (!token) return null;
  const key = `${tableId}:${token}`;
  if (!asked.has(key)) asked.set(key, bench.playtestForm(tableId, token).catch(() => null));
  const holder = h("p", { class: "wb-after-game" });
  asked.get(key).then((form) => {
    if (!form?.playtest || form.answered) return;
    holder.append(
      h("a", { class: "button primary big", id: "wb-give-feedback", href: `#/workbench/feedback/${encodeURIComponent(tableId)}/${encodeURIComponent(token)}` }, t("workbench.give_feedback")),
    );
  });
  return holder;
}

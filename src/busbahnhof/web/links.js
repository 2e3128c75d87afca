// Per-seat join links of a new table: the link, a copy button and a QR code to scan from a phone
// (an image the server draws, GET /api/qr).
import { h } from "./dom.js";
import { t } from "./i18n.js";

/** The seats of a create-table answer as [{seat, token, link}]. */
export function seatLinks(table) {
  const code = table.code ?? "";
  return (table.seats || []).map((seat, i) => {
    const index = seat.seat ?? i;
    const token = seat.token;
    const link = absolute(seat.link) ?? `${location.origin}/#/join/${encodeURIComponent(code)}/${encodeURIComponent(token)}`;
    return { seat: index, token, link };
  }).filter((s) => s.token);
}

function absolute(link) {
  if (!link) return null;
  return new URL(link, location.origin).toString();
}

/** One seat's link, copy button, QR code and "play here" link (`onPlay`: called when that is followed). */
export function seatLinkItem(tableId, { seat, token, link }, onPlay = null) {
  const id = `link-${seat}`;
  const status = h("span", { class: "copied", "aria-live": "polite" });
  const qrBox = h("div", { class: "qr" });
  qrBox.hidden = true;
  return h(
    "li",
    { class: "seat-link" },
    h("label", { for: id }, t("lobby.link_for", { n: seat + 1 })),
    h("input", { id, readonly: true, value: link, onfocus: (e) => e.target.select() }),
    h(
      "div",
      { class: "row" },
      h(
        "button",
        {
          type: "button",
          onclick: async () => {
            try {
              await navigator.clipboard.writeText(link);
            } catch {
              document.getElementById(id).select();
              document.execCommand("copy");
            }
            status.textContent = t("lobby.copied");
          },
        },
        t("lobby.copy", { n: seat + 1 }),
      ),
      h(
        "button",
        {
          type: "button",
          "aria-expanded": "false",
          onclick: (e) => {
            qrBox.hidden = !qrBox.hidden;
            e.currentTarget.setAttribute("aria-expanded", String(!qrBox.hidden));
            if (!qrBox.hidden && !qrBox.firstChild) {
              qrBox.append(h("img", { src: `/api/qr?text=${encodeURIComponent(link)}`, alt: t("lobby.qr_for", { n: seat + 1 }), width: 200, height: 200 }));
            }
          },
        },
        t("lobby.qr", { n: seat + 1 }),
      ),
      h("a", { class: "button", href: `#/t/${encodeURIComponent(tableId)}/${encodeURIComponent(token)}`, onclick: onPlay }, t("lobby.play_here", { n: seat + 1 })),
      status,
    ),
    qrBox,
  );
}

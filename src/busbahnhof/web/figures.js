// A table of figures per player that stays readable on a phone: below 600 px each row becomes a
// block of "label: value" lines (CSS `table.stacked`), so no column runs off the screen; explicit
// roles keep it a table for screen readers whatever its display.
import { h } from "./dom.js";

/**
 * @param {object} spec {caption, columns: [label of the row headers, label per figure...],
 *   rows: [{className, header, cells: [figure...]}]}
 */
export function figuresTable({ caption, columns, rows }) {
  return h(
    "table",
    { class: "stacked", role: "table" },
    h("caption", {}, caption),
    h("thead", { role: "rowgroup" }, h("tr", { role: "row" }, columns.map((label) => h("th", { scope: "col", role: "columnheader" }, label)))),
    h(
      "tbody",
      { role: "rowgroup" },
      rows.map((row) =>
        h(
          "tr",
          { role: "row", class: row.className || null },
          h("th", { scope: "row", role: "rowheader" }, row.header),
          row.cells.map((value, i) => h("td", { role: "cell", "data-label": columns[i + 1] }, value)),
        ),
      ),
    ),
  );
}

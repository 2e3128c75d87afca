// The in-app rules pages: one per game and language (rules/<game>.<lang>.html), with a section
// anchor for every numbered or named section of the rule document, so an error's rule reference
// ("Busfaktor §8.3", "Bus: Linienausbau -- …", "Busfahrer: Phase 2 (…)") lands on it.

/** "#/rules/<game>/<anchor>" for a rule reference as the engine's errors give it. */
export function ruleHref(game, rule) {
  return `#/rules/${encodeURIComponent(game)}/${encodeURIComponent(ruleAnchor(rule))}`;
}

/** The section anchor of a rule reference: "§8.3" -> "s-8-3"; "Bus: Linienausbau -- x" -> "linienausbau". */
export function ruleAnchor(rule) {
  const text = String(rule || "");
  const numbered = text.match(/§\s*(\d+(?:\.\d+)?)(?:\s+(E\d))?/);
  if (numbered) return `s-${numbered[1].replace(".", "-")}${numbered[2] ? "-" + numbered[2].toLowerCase() : ""}`;
  const named = text.replace(/^[^:]*:\s*/, "").split(" -- ")[0].split(",")[0].replace(/\(.*$/, "").trim();
  return slug(named);
}

export function slug(text) {
  return text
    .toLowerCase()
    .replace(/ä/g, "ae").replace(/ö/g, "oe").replace(/ü/g, "ue").replace(/ß/g, "ss")
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-|-$/g, "");
}

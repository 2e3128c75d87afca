// The workbench page (#/workbench...): a designer's decks, the deck editor with versions, diff,
// sharing, print, playtests; a shared deck read-only; a guest's editor of a built-in deck (check
// and export, no saving); a tester's feedback form.
//   #/workbench                       my decks (or, logged out, what the workbench is and a guest editor)
//   #/workbench/deck/<id>[/<n>]       a deck at version n (default: the newest)
//   #/workbench/shared/<token>[/<n>]  a shared deck, read-only, with "copy to my decks"
//   #/workbench/try/<standard|mini>   the guest editor
//   #/workbench/feedback/<table>/<token>  a tester's form after a playtest game
import { h, replaceChildren } from "../dom.js";
import { t } from "../i18n.js";
import { navigate } from "../app.js";
import { bench, fileHref } from "./api.js";
import { deckEditor } from "./editor.js";
import { balancePanel } from "./balance.js";
import { playtestPanel, showFeedbackForm } from "./playtest.js";
import { versionsPanel } from "./versions.js";
import { reloadSession } from "../session.js";

const IMPORT_LIMIT = 256 * 1024;

export function showWorkbench(root, args) {
  const [view, first, second] = args;
  let editor = null;
  const page = { close: () => editor?.close(), relabel: () => draw() };
  const draw = async () => {
    editor?.close();
    editor = null;
    replaceChildren(root, h("p", { class: "loading" }, "…"));
    try {
      if (view === "deck" && first) editor = await showDeck(root, { deckId: first, number: second ? Number(second) : null });
      else if (view === "shared" && first) editor = await showDeck(root, { share: first, number: second ? Number(second) : null });
      else if (view === "try") editor = await showGuest(root, first === "mini" ? "mini" : "standard");
      else if (view === "feedback" && first && second) await showFeedbackForm(root, { tableId: first, token: second });
      else await showHome(root);
    } catch (error) {
      replaceChildren(root, h("section", { class: "wb-page" }, h("p", { class: "error", role: "alert" }, error.message), h("a", { href: "#/workbench" }, t("workbench.home"))));
    }
  };
  draw();
  return page;
}

// -- home --------------------------------------------------------------------------------------
async function showHome(root) {
  const who = await reloadSession();
  const intro = h("p", { class: "wb-intro" }, t("workbench.intro"));
  const tryLinks = h(
    "p",
    { class: "row" },
    h("a", { class: "button", href: "#/workbench/try/standard" }, t("workbench.try_standard")),
    h("a", { class: "button", href: "#/workbench/try/mini" }, t("workbench.try_mini")),
  );
  if (!who) {
    replaceChildren(
      root,
      h("section", { class: "wb-page" }, h("h1", {}, t("workbench.title")), intro, h("p", { class: "wb-login-hint" }, t("workbench.login_hint"), " ", h("a", { href: "#/account" }, t("workbench.login_link"))), tryLinks),
    );
    return;
  }
  const { decks } = await bench.decks();
  const error = h("div", { class: "error", role: "alert" });
  const create = async (source, text = null) => {
    try {
      const made = await bench.create(source, text);
      navigate(`#/workbench/deck/${encodeURIComponent(made.id)}`);
    } catch (failure) {
      replaceChildren(error, failure.message);
    }
  };
  const upload = h("input", {
    type: "file",
    id: "wb-import-new",
    accept: ".toml,application/toml,text/plain",
    onchange: async (e) => {
      const file = e.target.files[0];
      if (!file) return;
      if (file.size > IMPORT_LIMIT) return replaceChildren(error, t("workbench.file_too_large", { size: file.size, limit: IMPORT_LIMIT }));
      await create("upload", await file.text());
    },
  });
  replaceChildren(
    root,
    h(
      "section",
      { class: "wb-page" },
      h("h1", {}, t("workbench.title")),
      intro,
      h("h2", {}, t("workbench.my_decks")),
      decks.length
        ? h("ul", { class: "wb-deck-list" }, decks.map((d) => h("li", {}, h("a", { href: `#/workbench/deck/${encodeURIComponent(d.id)}` }, d.name), ` · ${t("workbench.version_n", { n: d.latest })}`, d.shared ? ` · ${t("workbench.shared")}` : "")))
        : h("p", { class: "help" }, t("workbench.no_decks")),
      h("h2", {}, t("workbench.new_deck")),
      h(
        "div",
        { class: "row" },
        h("button", { type: "button", id: "wb-new-standard", class: "primary", onclick: () => create("standard") }, t("workbench.new_from_standard")),
        h("button", { type: "button", id: "wb-new-mini", onclick: () => create("mini") }, t("workbench.new_from_mini")),
        h("label", { class: "button", for: "wb-import-new" }, t("workbench.import_new")),
        upload,
      ),
      error,
      h("h2", {}, t("workbench.try_title")),
      tryLinks,
    ),
  );
}

// -- a deck ------------------------------------------------------------------------------------
async function showDeck(root, { deckId = null, share = null, number = null }) {
  const who = await reloadSession();
  const summary = share ? await bench.shared(share) : await bench.deck(deckId);
  const id = summary.id;
  const latest = summary.versions[summary.versions.length - 1].number;
  const shown = number && summary.versions.some((v) => v.number === number) ? number : latest;
  const opened = await bench.version(id, shown, share);
  const readOnly = !summary.owned;
  const hrefOf = (n) => (share ? `#/workbench/shared/${encodeURIComponent(share)}/${n}` : `#/workbench/deck/${encodeURIComponent(id)}/${n}`);
  const status = h("p", { class: "wb-save-status", "aria-live": "polite", "data-testid": "wb-save-status" }, readOnly ? null : t("workbench.opened_version", { n: shown }));
  const editor = deckEditor({
    document: opened.document,
    baseText: opened.text,
    readOnly,
    initialCheck: opened.check,
    onDirty: (dirty) => {
      status.textContent = dirty ? t("workbench.unsaved", { n: shown }) : t("workbench.opened_version", { n: shown });
      status.classList.toggle("wb-dirty", dirty);
    },
  });
  const note = h("input", { id: "wb-note", type: "text", maxlength: 500, placeholder: t("workbench.note_hint") });
  const error = h("div", { class: "error", role: "alert" });
  async function save() {
    try {
      const saved = await bench.save(id, shown, editor.document(), note.value);
      navigate(hrefOf(saved.version));
    } catch (failure) {
      replaceChildren(error, failure.message);
    }
  }
  const importInput = h("input", {
    type: "file",
    id: "wb-import",
    accept: ".toml,application/toml,text/plain",
    onchange: async (e) => {
      const file = e.target.files[0];
      if (!file) return;
      if (file.size > IMPORT_LIMIT) return replaceChildren(error, t("workbench.file_too_large", { size: file.size, limit: IMPORT_LIMIT }));
      try {
        const saved = await bench.saveText(id, shown, await file.text(), t("workbench.imported", { name: file.name }));
        navigate(hrefOf(saved.version));
      } catch (failure) {
        replaceChildren(error, failure.message);
      }
    },
  });
  const shareBox = summary.owned ? sharePanel(id, summary.share_token) : null;
  const copyButton =
    share && who
      ? h("button", {
          type: "button",
          id: "wb-copy",
          class: "primary",
          onclick: async () => {
            const made = await bench.copyShared(share, shown);
            navigate(`#/workbench/deck/${encodeURIComponent(made.id)}`);
          },
        }, t("workbench.copy_to_mine"))
      : null;
  replaceChildren(
    root,
    h(
      "section",
      { class: "wb-page wb-deck-page" },
      h("p", { class: "wb-breadcrumb" }, h("a", { href: "#/workbench" }, t("workbench.home"))),
      h("h1", {}, summary.name, " ", h("span", { class: "wb-version-badge" }, t("workbench.version_n", { n: shown }))),
      readOnly ? h("p", { class: "wb-readonly" }, h("strong", {}, t("workbench.read_only")), " ", copyButton) : null,
      h(
        "div",
        { class: "wb-toolbar row" },
        status,
        readOnly ? null : [h("label", { for: "wb-note", class: "visually-hidden" }, t("workbench.note")), note, h("button", { type: "button", id: "wb-save", class: "primary", onclick: save }, t("workbench.save"))],
        h("a", { class: "button", id: "wb-export", href: fileHref(id, shown, "toml", share), download: `deck-v${shown}.toml` }, t("workbench.export")),
        readOnly ? null : [h("label", { class: "button", for: "wb-import" }, t("workbench.import")), importInput],
        opened.valid ? h("a", { class: "button", id: "wb-print", href: fileHref(id, shown, "pdf", share), target: "_blank", rel: "noopener" }, t("workbench.print")) : null,
      ),
      error,
      editor.node,
      versionsPanel({ deckId: id, versions: summary.versions, current: shown, share, hrefOf }),
      h(
        "div",
        { class: "wb-results" },
        balancePanel({ deckId: id, number: shown, owned: summary.owned, valid: opened.valid, share }),
        playtestPanel({ deckId: id, number: shown, owned: summary.owned, valid: opened.valid, share }),
      ),
      shareBox,
    ),
  );
  return editor;
}

function sharePanel(deckId, token) {
  const box = h("section", { class: "wb-share", "aria-labelledby": "wb-share-title" });
  const draw = (current) => {
    const link = current ? `${location.origin}/#/workbench/shared/${encodeURIComponent(current)}` : null;
    replaceChildren(
      box,
      h("h2", { id: "wb-share-title" }, t("workbench.share_title")),
      h("p", { class: "help" }, t(current ? "workbench.shared_help" : "workbench.private_help")),
      link ? h("input", { id: "wb-share-link", readonly: true, value: link, "aria-label": t("workbench.share_link"), onfocus: (e) => e.target.select() }) : null,
      h("button", {
        type: "button",
        id: "wb-share-toggle",
        onclick: async () => draw((await bench.share(deckId, !current)).share_token),
      }, t(current ? "workbench.make_private" : "workbench.share")),
    );
  };
  draw(token);
  return box;
}

// -- a guest's editor ---------------------------------------------------------------------------
async function showGuest(root, name) {
  const opened = await bench.builtin(name);
  const editor = deckEditor({ document: opened.document, baseText: opened.text, initialCheck: opened.check });
  const error = h("div", { class: "error", role: "alert" });
  async function exportFile() {
    try {
      const text = await bench.exportText(editor.document(), opened.text);
      const url = URL.createObjectURL(new Blob([text], { type: "application/toml" }));
      const link = h("a", { href: url, download: `${name}-deck.toml` });
      document.body.append(link);
      link.click();
      link.remove();
      setTimeout(() => URL.revokeObjectURL(url), 1000);
    } catch (failure) {
      replaceChildren(error, failure.message);
    }
  }
  replaceChildren(
    root,
    h(
      "section",
      { class: "wb-page wb-deck-page" },
      h("p", { class: "wb-breadcrumb" }, h("a", { href: "#/workbench" }, t("workbench.home"))),
      h("h1", {}, t(`workbench.try_${name}`)),
      h("p", { class: "wb-login-hint" }, t("workbench.guest_hint"), " ", h("a", { href: "#/account" }, t("workbench.login_link"))),
      h("div", { class: "wb-toolbar row" }, h("button", { type: "button", id: "wb-export", onclick: exportFile }, t("workbench.export"))),
      error,
      editor.node,
    ),
  );
  return editor;
}



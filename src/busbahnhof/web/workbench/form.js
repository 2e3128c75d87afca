// The form of one card: one control per field of the deck format (fields.js), each with its label
// (the field's name in the player's language and its TOML name) and a place for the validator's
// problems at that field. Values go into the card as the format types them: numbers as integers,
// lists as lists, an emptied optional field is left out of the file.
import { h } from "../dom.js";
import { t } from "../i18n.js";
import { TYPES, TYPE_SYMBOLS } from "../games/busfaktor/face.js";
import { fieldsOf, valueAt, withTemplate, withValue } from "./fields.js";

/** The form of a card of `kind` whose current fields `current()` gives; `onChange(fields, {rebuild})`
 *  gets each new state of the fields (rebuild: the form's own fields changed, e.g. another
 *  template); `readOnly` disables it. Returns {node, errors}: errors maps a field path to the
 *  element its problems go into. */
export function cardForm(kind, current, { onChange, readOnly = false, idPrefix = "wb" }) {
  const errors = new Map();
  const fields = current();
  const rows = fieldsOf(kind, fields).map((field) => {
    const id = `${idPrefix}-${field.path.replace(/\W/g, "-")}`;
    const error = h("div", { class: "wb-field-error", id: `${id}-error`, "aria-live": "polite" });
    errors.set(field.path, error);
    const control = controlOf(field, current, { id, readOnly, onChange, describedBy: `${id}-error` });
    return h(
      "div",
      { class: `wb-field wb-field-${field.type}`, "data-field": field.path },
      h("label", { for: id, id: `${id}-label` }, t(`workbench.field.${field.path}`), " ", h("code", { class: "wb-toml" }, field.path)),
      control,
      error,
    );
  });
  return { node: h("div", { class: "wb-form" }, rows), errors };
}

function controlOf(field, current, { id, readOnly, onChange, describedBy }) {
  const value = valueAt(current(), field.path);
  const common = { id, disabled: readOnly, "aria-describedby": describedBy, "data-focus": id };
  const set = (next, rebuild = false) => onChange(withValue(current(), field.path, next), { rebuild });
  switch (field.type) {
    case "text":
      return h("input", { ...common, type: "text", value: value ?? "", oninput: (e) => set(e.target.value === "" && field.path.includes(".") ? undefined : e.target.value) });
    case "long":
      return h("textarea", { ...common, rows: 3, oninput: (e) => set(e.target.value === "" && field.path !== "goal" && field.path !== "text" ? undefined : e.target.value) }, value ?? "");
    case "int":
      return h("input", {
        ...common,
        type: "number",
        inputmode: "numeric",
        step: 1,
        value: value ?? "",
        oninput: (e) => set(e.target.value === "" ? undefined : Number.isInteger(Number(e.target.value)) ? Number(e.target.value) : e.target.value),
      });
    case "choice":
      return h(
        "select",
        {
          ...common,
          onchange: (e) => {
            if (field.path === "template") onChange(withTemplate(current(), e.target.value), { rebuild: true });
            else set(e.target.value === "" ? undefined : e.target.value);
          },
        },
        field.optional || value === undefined ? h("option", { value: "" }, t("workbench.none")) : null,
        field.choices.map((option) => h("option", { value: option, selected: option === value }, choiceLabel(field.path, option))),
        value !== undefined && !field.choices.includes(value) ? h("option", { value: String(value), selected: true }, String(value)) : null,
      );
    case "bool":
      return h("input", { ...common, type: "checkbox", checked: value ?? field.default, onchange: (e) => set(e.target.checked === field.default ? undefined : e.target.checked) });
    case "multi":
      return checkboxes(common, field.choices, Array.isArray(value) ? value : [], (chosen) => set(chosen.length ? chosen : undefined), field.path);
    case "repeat":
      return requirementsControl(common, Array.isArray(value) ? value : [], field.max, (next) => set(next));
    case "wildcard":
      return typeControl(common, current, onChange);
    default:
      return null;
  }
}

function choiceLabel(path, option) {
  const key = TYPES.includes(option) ? `workbench.type.${option}` : `workbench.value.${option}`;
  const label = t(key);
  if (TYPES.includes(option)) return `${TYPE_SYMBOLS[option]} ${label}`;
  return label === key ? option : `${option} (${label})`;
}

function checkboxes(common, choices, chosen, onSet, path) {
  return h(
    "fieldset",
    { class: "wb-checks", id: common.id, "aria-describedby": common["aria-describedby"] },
    h("legend", { class: "visually-hidden" }, t(`workbench.field.${path}`)),
    choices.map((option) =>
      h(
        "label",
        { class: "wb-check" },
        h("input", {
          type: "checkbox",
          disabled: common.disabled,
          checked: chosen.includes(option),
          "data-focus": `${common.id}-${option}`,
          onchange: (e) => {
            const boxes = [...e.target.closest("fieldset").querySelectorAll("input[type=checkbox]")];
            onSet(choices.filter((_, i) => boxes[i].checked));
          },
        }),
        " ",
        choiceLabel(path, option),
      ),
    ),
  );
}

/** A project's requirements: up to four type pickers; the same type twice is two requirements (§3). */
function requirementsControl(common, values, max, onSet) {
  const pickers = Array.from({ length: max }, (_, i) =>
    h(
      "select",
      {
        "aria-label": t("workbench.requirement_n", { n: i + 1 }),
        disabled: common.disabled,
        "data-focus": `${common.id}-${i}`,
        id: i === 0 ? common.id : `${common.id}-${i}`,
        onchange: (e) => onSet([...e.target.parentElement.querySelectorAll("select")].map((picker) => picker.value).filter(Boolean)),
      },
      h("option", { value: "" }, t("workbench.none")),
      TYPES.map((type) => h("option", { value: type, selected: values[i] === type }, choiceLabel("requirements", type))),
    ),
  );
  return h("div", { class: "wb-requirements", "aria-describedby": common["aria-describedby"] }, pickers);
}

/** A factor's type, or a wildcard's types: one of `type` or `types` (§4 Wildcard). */
function typeControl(common, current, onChange) {
  const fields = current();
  const wildcard = Array.isArray(fields.types);
  const toggle = h("label", { class: "wb-check" }, h("input", {
    type: "checkbox",
    disabled: common.disabled,
    checked: wildcard,
    "data-focus": `${common.id}-toggle`,
    onchange: (e) => {
      const fields = current();
      let next = withValue(fields, e.target.checked ? "type" : "types", undefined);
      next = e.target.checked ? withValue(next, "types", fields.type ? [fields.type, TYPES.find((type) => type !== fields.type)] : TYPES.slice(0, 2)) : withValue(next, "type", (fields.types || [])[0] || TYPES[0]);
      onChange(next, { rebuild: true });
    },
  }), " ", t("workbench.wildcard"));
  const chooser = wildcard
    ? checkboxes({ ...common, id: `${common.id}-types` }, TYPES, fields.types, (chosen) => onChange(withValue(current(), "types", chosen), { rebuild: false }), "types")
    : h(
        "select",
        { ...common, onchange: (e) => onChange(withValue(current(), "type", e.target.value), { rebuild: false }) },
        TYPES.map((type) => h("option", { value: type, selected: fields.type === type }, choiceLabel("type", type))),
      );
  return h("div", { class: "wb-type", "data-errors-for": "type types" }, toggle, chooser);
}

// "Your turn" while the tab is in the background: the page title says so (always), and a browser
// notification does, if the player allowed it (a switch at the table asks the browser's permission;
// the choice is remembered). Browsers offer notifications only to secure pages (https, localhost).
const STORAGE_KEY = "busbahnhof.notify";

export function notificationsAvailable() {
  return "Notification" in window && window.isSecureContext;
}

/** Whether the player switched notifications on and the browser still allows them. */
export function notificationsOn() {
  return notificationsAvailable() && localStorage.getItem(STORAGE_KEY) === "on" && Notification.permission === "granted";
}

/** Switch notifications on (asking the browser's permission first) or off; returns whether they are on. */
export async function setNotifications(on) {
  if (!on || !notificationsAvailable()) {
    localStorage.setItem(STORAGE_KEY, "off");
    return false;
  }
  const permission = Notification.permission === "granted" ? "granted" : await Notification.requestPermission();
  localStorage.setItem(STORAGE_KEY, permission === "granted" ? "on" : "off");
  return permission === "granted";
}

export function pageHidden() {
  return document.visibilityState === "hidden";
}

/** The page title: the table's, or "● Your turn – Busbahnhof" while hidden and it is the player's turn. */
export function pageTitle(tableTitle, yourTurnText, myTurn) {
  return myTurn && pageHidden() ? `● ${yourTurnText} – Busbahnhof` : `${tableTitle} – Busbahnhof`;
}

/** A notification that it is the player's turn (hidden tab, switched on); one per table (tag). */
export function notifyTurn(title, body, tag) {
  if (!pageHidden() || !notificationsOn()) return null;
  const notification = new Notification(title, { body, tag, renotify: true });
  notification.addEventListener("click", () => {
    window.focus();
    notification.close();
  });
  return notification;
}

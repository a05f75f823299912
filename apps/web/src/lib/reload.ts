/** A full page load: the way out when the app's own code could not be loaded. */
export function reloadPage(): void {
  window.location.reload();
}

// Copying a text to the clipboard: the Clipboard API where the page may use it (a secure page,
// with the reader's gesture), else the older copy command on a selected text box (plain http,
// older web views). False when neither copied: the caller then shows it to copy by hand.

/** Copies `text`; `container` holds the scratch text box (a modal's own element: the page behind it is inert). */
export async function copyText(text: string, container: HTMLElement = document.body): Promise<boolean> {
  try {
    if (navigator.clipboard && window.isSecureContext) {
      await navigator.clipboard.writeText(text);
      return true;
    }
  } catch {
    // Refused (no permission, not focused): try the copy command.
  }
  const box = document.createElement('textarea');
  box.value = text;
  box.readOnly = true;
  box.setAttribute('aria-hidden', 'true');
  box.style.position = 'fixed';
  box.style.opacity = '0';
  container.append(box);
  try {
    box.select();
    box.setSelectionRange(0, text.length);
    // Deprecated but the only way left where the Clipboard API is not there.
    return document.execCommand('copy');
  } catch {
    return false;
  } finally {
    box.remove();
  }
}

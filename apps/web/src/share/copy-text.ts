/** Copies with a hidden text area and the legacy copy command; true when it worked. */
function copyWithSelection(text: string): boolean {
  const area = document.createElement('textarea');
  area.value = text;
  area.setAttribute('readonly', '');
  area.style.position = 'fixed';
  area.style.opacity = '0';
  document.body.append(area);
  area.select();
  try {
    // The only copy path left where the Clipboard API is missing (e.g. insecure origins).
    return document.execCommand('copy');
  } catch {
    return false;
  } finally {
    area.remove();
  }
}

/**
 * Copies text to the clipboard: 'copied'; 'failed' when the clipboard refused it ('Failed
 * to copy link'); 'manual' when this browser offers no way to copy ('… try selecting and
 * copying manually').
 */
export async function copyText(text: string): Promise<'copied' | 'failed' | 'manual'> {
  if (typeof navigator.clipboard?.writeText === 'function') {
    try {
      await navigator.clipboard.writeText(text);
      return 'copied';
    } catch {
      return copyWithSelection(text) ? 'copied' : 'failed';
    }
  }
  return copyWithSelection(text) ? 'copied' : 'manual';
}

// Sharing a public page: the phone's share sheet when there is one, else the link copied.
import { h, toast } from '../../ui.js';

/** Shares the page at `path` (e.g. "/share/runs/ID"), its absolute URL made here, with `text` if given. */
export async function share(path, title, text) {
  const url = new URL(path, location.origin).href;
  if (navigator.share) {
    try { await navigator.share({ title, url, ...(text ? { text } : {}) }); return; } catch (error) { if (error?.name === 'AbortError') return; }
  }
  try {
    await navigator.clipboard.writeText(url);
    toast('Link copied');
  } catch {
    prompt('Copy the link', url);
  }
}

/** A Share button for the page at `path`. */
export function shareButton(path, title, what) {
  return h('button', { type: 'button', class: 'ghost small share', name: `share-${what}`, dataset: { path }, onclick: () => share(path, title) }, 'Share');
}

// A picture the instance fetched for its data (a mission stage's photo, a plaque's) and
// serves itself (`pictureUrl`, /api/v1/pictures/ID): the Content-Security-Policy loads
// images from this server only. Until the instance has it, or when it can't be loaded
// (offline, and the service worker never kept it), the link to where the photo is kept
// stands in, saying why.
import { h } from '../../ui.js';

/**
 * An <img> of `pictureUrl` (`alt`, `className`) inside `frame` (an element, or none), or,
 * with no `pictureUrl` or when it fails to load, `link(failure)`: the link to the photo
 * where it is kept, `failure` null (not fetched yet), "offline" or "not loaded".
 */
export function pictureOrLink(pictureUrl, { alt, className = null, frame = null, link }) {
  if (!pictureUrl) return link(null);
  const image = h('img', { class: className, src: pictureUrl, alt, loading: 'lazy' });
  const shown = frame ? (frame.append(image), frame) : image;
  image.addEventListener('error', () => shown.replaceWith(link(navigator.onLine ? 'not loaded' : 'offline')));
  return shown;
}

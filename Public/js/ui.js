// Small DOM helpers shared by the views. h() is the one way the app builds DOM: text is
// always a text node, never HTML (docs/SECURITY.md; Tests/e2e/test_no_html_sinks.py keeps
// innerHTML and its kin out of the app).

const SVG = 'http://www.w3.org/2000/svg';
/** Tags h() makes in SVG's namespace (the icons). */
const SVG_TAGS = new Set(['svg', 'g', 'path', 'rect', 'circle', 'ellipse', 'line', 'polyline', 'polygon']);
/** Attributes that load or open an address: they take http(s) addresses only. */
const URL_ATTRIBUTES = new Set(['href', 'src', 'action', 'formaction', 'poster', 'xlink:href']);

/**
 * Makes an element: h('button', {class: 'primary', onclick}, 'Save').
 * Children that are not nodes become text nodes, so any text shows as itself. Attributes
 * starting with "on" become listeners; `dataset` and `hidden` are handled; `style` (text or
 * an object of properties) is set through the CSSOM, which the Content-Security-Policy
 * allows where a style attribute would be refused; `href`, `src` and the other address
 * attributes keep only http(s) addresses and the app's own (`#/runs/…`, `/share/…`), as a
 * `javascript:` address is script. SVG tags are made in SVG's namespace.
 */
export function h(tag, attributes = {}, ...children) {
  const element = SVG_TAGS.has(tag) ? document.createElementNS(SVG, tag) : document.createElement(tag);
  for (const [name, value] of Object.entries(attributes ?? {})) {
    if (value === undefined || value === null || value === false) continue;
    if (name.startsWith('on')) element.addEventListener(name.slice(2), value);
    else if (name === 'dataset') Object.assign(element.dataset, value);
    else if (name === 'style') {
      if (typeof value === 'string') element.style.cssText = value; else Object.assign(element.style, value);
    } else if (URL_ATTRIBUTES.has(name.toLowerCase())) {
      if (webAddress(value)) element.setAttribute(name, value); else console.warn(`h(): ${name} dropped, not an http(s) address:`, value);
    } else if (value === true) element.setAttribute(name, '');
    else element.setAttribute(name, value);
  }
  for (const child of children.flat()) {
    if (child === null || child === undefined || child === false) continue;
    element.append(child instanceof Node ? child : document.createTextNode(String(child)));
  }
  return element;
}

/** Whether `value` is an http(s) address, absolute or relative to the app (not `javascript:`, `data:` …). */
export function webAddress(value) {
  try {
    return ['http:', 'https:'].includes(new URL(String(value), location.href).protocol);
  } catch {
    return false;
  }
}

/** Whether `value` is an address on this server (where the Content-Security-Policy lets images load from). */
export function ownAddress(value) {
  try {
    return webAddress(value) && new URL(String(value), location.href).origin === location.origin;
  } catch {
    return false;
  }
}

/** Shows a short message at the bottom of the screen. */
export function toast(message, { error = false, seconds = 4 } = {}) {
  const element = document.getElementById('toast');
  element.textContent = message;
  element.classList.toggle('error', error);
  element.classList.add('shown');
  clearTimeout(toast.timer);
  toast.timer = setTimeout(() => element.classList.remove('shown'), seconds * 1000);
}

/** Replaces the view's content. */
export function mount(...children) {
  const view = document.getElementById('view');
  view.replaceChildren(...children.flat());
  return view;
}

/** A labelled field: label text above an input. */
export function field(label, input) {
  return h('label', { class: 'field' }, h('span', {}, label), input);
}

/** A figure with a big value and a small label (the running screen's numbers). */
export function stat(label, id, value = '–') {
  return h('div', { class: 'stat' }, h('strong', { id }, value), h('span', {}, label));
}

/** The message of an error for a person: the server's message, or the network's. */
export function describe(error) {
  return error?.message ?? String(error);
}

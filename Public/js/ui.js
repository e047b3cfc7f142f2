// Small DOM helpers shared by the views.

/**
 * Makes an element: h('button', {class: 'primary', onclick}, 'Save').
 * Attributes starting with "on" become listeners; `dataset` and `hidden` are handled.
 */
export function h(tag, attributes = {}, ...children) {
  const element = document.createElement(tag);
  for (const [name, value] of Object.entries(attributes ?? {})) {
    if (value === undefined || value === null || value === false) continue;
    if (name.startsWith('on')) element.addEventListener(name.slice(2), value);
    else if (name === 'dataset') Object.assign(element.dataset, value);
    else if (value === true) element.setAttribute(name, '');
    else element.setAttribute(name, value);
  }
  for (const child of children.flat()) {
    if (child === null || child === undefined || child === false) continue;
    element.append(child instanceof Node ? child : document.createTextNode(String(child)));
  }
  return element;
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

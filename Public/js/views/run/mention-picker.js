// Mentions in a comment: typing "@" and the start of a friend's name offers the friends
// who match; choosing one writes "@Their Name " and remembers who, so the comment names
// them (the server keeps only friends who may see the activity, and tells them).
import { api } from '../../engine/api/paceline.js';
import { h } from '../../ui.js';

const SHOWN = 5;

/** The "@start" being typed just before the caret of `text`, or null. */
export function mentionBeingTyped(text, caret) {
  const match = text.slice(0, caret).match(/(^|\s)@([^\s@]{0,30})$/);
  return match ? match[2] : null;
}

/** A picker under `textarea`: `{element, mentionIds()}`, the ids of friends still named in the text. */
export function mentionPicker(textarea) {
  const list = h('div', { class: 'mention-picker', role: 'listbox', 'aria-label': 'Mention a friend', hidden: true });
  const picked = new Map();
  let friends = null;
  async function offer() {
    const start = mentionBeingTyped(textarea.value, textarea.selectionStart);
    if (start === null) { list.hidden = true; return; }
    friends ??= api.friends().then((page) => page.friends.map((friend) => friend.user)).catch(() => []);
    const lower = start.toLowerCase();
    const matches = (await friends).filter((user) => user.displayName.toLowerCase().startsWith(lower)).slice(0, SHOWN);
    list.replaceChildren(...matches.map((user) => h('button', { type: 'button', role: 'option', class: 'mention-option',
      onclick: () => choose(user, start) }, user.displayName)));
    list.hidden = !matches.length;
  }
  function choose(user, start) {
    const caret = textarea.selectionStart;
    const before = textarea.value.slice(0, caret - start.length - 1);
    const written = `@${user.displayName} `;
    textarea.value = before + written + textarea.value.slice(caret);
    picked.set(user.id, user.displayName);
    list.hidden = true;
    textarea.focus();
    textarea.selectionStart = textarea.selectionEnd = before.length + written.length;
    textarea.dispatchEvent(new Event('input'));
  }
  textarea.addEventListener('input', offer);
  return {
    element: list,
    mentionIds: () => [...picked].filter(([, name]) => textarea.value.includes(`@${name}`)).map(([id]) => id),
    clear: () => { picked.clear(); list.hidden = true; },
  };
}

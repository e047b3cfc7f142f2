// Tabs as the WAI-ARIA pattern has them: a tablist of tab buttons, each controlling its
// tabpanel; one tab is in the page's Tab order (the chosen one), the arrow keys move to the
// previous or next tab and choose it, Home and End to the first and last. Only the chosen
// panel shows.
import { h } from '../../ui.js';

/**
 * Tabs over `items` ([{key, label, note?, panel: [children]}]); `name` makes the ids unique
 * on the page and `label` names the tablist for assistive technology.
 * @returns {HTMLElement}
 */
export function tabs(items, { name, label, chosen = items[0]?.key }) {
  const tabButtons = [];
  const panels = items.map((item) => h('div', {
    class: 'tab-panel', role: 'tabpanel', id: `${name}-panel-${item.key}`, 'aria-labelledby': `${name}-tab-${item.key}`,
    tabindex: '0', dataset: { tab: item.key },
  }, item.panel));
  const choose = (index, focus) => {
    tabButtons.forEach((button, i) => {
      button.setAttribute('aria-selected', String(i === index));
      button.tabIndex = i === index ? 0 : -1;
      panels[i].hidden = i !== index;
    });
    if (focus) tabButtons[index].focus();
  };
  const onKey = (event) => {
    const at = tabButtons.indexOf(event.currentTarget), last = tabButtons.length - 1;
    const to = { ArrowRight: at === last ? 0 : at + 1, ArrowLeft: at === 0 ? last : at - 1, Home: 0, End: last }[event.key];
    if (to === undefined) return;
    event.preventDefault();
    choose(to, true);
  };
  items.forEach((item, index) => tabButtons.push(h('button', {
    type: 'button', class: 'tab', role: 'tab', id: `${name}-tab-${item.key}`, 'aria-controls': `${name}-panel-${item.key}`,
    dataset: { tab: item.key }, onclick: () => choose(index, false), onkeydown: onKey,
  }, h('span', { class: 'tab-label' }, item.label), item.note ? h('span', { class: 'tab-note' }, item.note) : null)));
  choose(Math.max(0, items.findIndex((item) => item.key === chosen)), false);
  return h('div', { class: 'tab-box' }, h('div', { class: 'tab-list', role: 'tablist', 'aria-label': label }, tabButtons), panels);
}

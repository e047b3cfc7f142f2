// What to do when the browser keeps the phone's location from the app (the runner said no,
// or a setting blocks it): said in words on the screens that cannot work without the GPS
// (recording), with Try again for when the runner has allowed it in the browser.
import { h } from '../../ui.js';

/**
 * The note, hidden until `show('denied')`; `onRetry()` asks the GPS again.
 * @returns {{element: HTMLElement, show: (status: string) => void}}
 */
export function locationHelp(onRetry) {
  const element = h('div', { class: 'wide location-help', id: 'location-help', role: 'alert', hidden: true },
    h('strong', {}, 'Location is blocked for Paceline'),
    h('p', {}, 'Without it nothing can be recorded. Allow it in your browser: tap the icon at the left of '
      + 'the address (or open the browser’s settings, Site settings), choose Location, then Allow.'),
    h('button', { type: 'button', class: 'primary', name: 'retry-location', onclick: onRetry }, 'Try again'));
  return {
    element,
    show(status) { element.hidden = status !== 'denied'; },
  };
}

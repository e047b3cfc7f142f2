// The app's icons as inline SVG (no icon font, no emoji: they render the same everywhere),
// built with h() like any other element.
import { h } from './ui.js';

/** Each icon's shapes on a 24 × 24 grid, as [tag, attributes]. */
const SHAPES = {
  plus: [['path', { d: 'M12 5v14M5 12h14' }]],
  play: [['path', { d: 'M8 5l11 7-11 7z', fill: 'currentColor' }]],
  pause: [['rect', { x: '6.5', y: '5', width: '3.5', height: '14', rx: '1', fill: 'currentColor' }],
    ['rect', { x: '14', y: '5', width: '3.5', height: '14', rx: '1', fill: 'currentColor' }]],
  check: [['path', { d: 'M5 12.5l4.5 4.5L19 7' }]],
  kudos: [['rect', { x: '3', y: '10', width: '4', height: '10', rx: '1' }],
    ['path', { d: 'M7 11l4-7c1.5 0 2.5 1 2.2 2.6L12.6 10H19a2 2 0 0 1 2 2.3l-1.2 6A2 2 0 0 1 17.8 20H7' }]],
  locate: [['circle', { cx: '12', cy: '12', r: '4' }], ['path', { d: 'M12 2v4M12 18v4M2 12h4M18 12h4' }]],
  lock: [['rect', { x: '5', y: '11', width: '14', height: '9', rx: '2' }], ['path', { d: 'M8 11V8a4 4 0 0 1 8 0v3' }]],
  unlock: [['rect', { x: '5', y: '11', width: '14', height: '9', rx: '2' }], ['path', { d: 'M8 11V8a4 4 0 0 1 7.5-2' }]],
  voice: [['path', { d: 'M4 9v6h4l5 4V5L8 9z', fill: 'currentColor' }], ['path', { d: 'M16 9a4 4 0 0 1 0 6M18.5 6.5a8 8 0 0 1 0 11' }]],
  mute: [['path', { d: 'M4 9v6h4l5 4V5L8 9z', fill: 'currentColor' }], ['path', { d: 'M16 9l5 6M21 9l-5 6' }]],
  run: [['circle', { cx: '14', cy: '4.5', r: '2' }], ['path', { d: 'M6 21l4-6 3 2 1-5 3 3h3M9 12l2-4 4 1' }]],
  heart: [['path', { d: 'M12 20s-7-4.5-7-10a4 4 0 0 1 7-2.5A4 4 0 0 1 19 10c0 5.5-7 10-7 10z' }]],
  friends: [['circle', { cx: '9', cy: '8', r: '3' }], ['circle', { cx: '17', cy: '9', r: '2.5' }],
    ['path', { d: 'M3 20c0-3.5 2.7-6 6-6s6 2.5 6 6M15 14.5c3 0 6 2 6 5.5' }]],
  star: [['path', { d: 'M12 3l2.7 5.6 6.1.9-4.4 4.3 1 6.1L12 17l-5.4 2.9 1-6.1-4.4-4.3 6.1-.9z' }]],
  person: [['circle', { cx: '12', cy: '8', r: '4' }], ['path', { d: 'M4 21c0-4.4 3.6-7 8-7s8 2.6 8 7' }]],
  flag: [['path', { d: 'M5 21V4M5 4h11l-2 4 2 4H5' }]],
  bell: [['path', { d: 'M6 16V11a6 6 0 0 1 12 0v5l1.5 2h-15zM10 20.5a2 2 0 0 0 4 0' }]],
  comment: [['path', { d: 'M4 5h16v11H9l-5 4z' }]],
  home: [['path', { d: 'M4 11l8-7 8 7M6 9.5V20h4.5v-6h3v6H18V9.5' }]],
  map: [['path', { d: 'M3 6l6-2 6 2 6-2v14l-6 2-6-2-6 2zM9 4v14M15 6v14' }]],
  back: [['path', { d: 'M15 5l-7 7 7 7' }]],
  walk: [['circle', { cx: '13', cy: '4.5', r: '2' }], ['path', { d: 'M9 21l2.5-6.5L14 17v4M11.5 14.5l1-5.5-3 2V14M12.5 9l2.5 2.5 2.5.5' }]],
  clock: [['circle', { cx: '12', cy: '12', r: '8.5' }], ['path', { d: 'M12 7.5V12l3 2' }]],
  north: [['path', { d: 'M12 3l6 16-6-4-6 4z', fill: 'currentColor' }]],
  flame: [['path', { d: 'M12 21a6 6 0 0 1-6-6c0-4 3-6 4-10 2.5 2 3 4.5 2.5 6.5C14 10.5 15 9 15 7.5c2 2 3 4.5 3 7.5a6 6 0 0 1-6 6z' }]],
  share: [['circle', { cx: '6', cy: '12', r: '2.5' }], ['circle', { cx: '17', cy: '6', r: '2.5' }], ['circle', { cx: '17', cy: '18', r: '2.5' }],
    ['path', { d: 'M8.2 10.8l6.6-3.6M8.2 13.2l6.6 3.6' }]],
  compass: [['circle', { cx: '12', cy: '12', r: '8.5' }], ['path', { d: 'M15.5 8.5l-2 5-5 2 2-5z' }]],
  route: [['circle', { cx: '6', cy: '18', r: '2.5' }], ['circle', { cx: '18', cy: '6', r: '2.5' }],
    ['path', { d: 'M8.5 18H15a3 3 0 0 0 0-6H9a3 3 0 0 1 0-6h6.5' }]],
};

/** An SVG icon element, `currentColor`, 1em by default. */
export function icon(name, size = '1em') {
  return h('svg', { class: 'icon', width: size, height: size, viewBox: '0 0 24 24', fill: 'none', stroke: 'currentColor',
    'stroke-width': '2', 'stroke-linecap': 'round', 'stroke-linejoin': 'round', 'aria-hidden': 'true' },
  (SHAPES[name] ?? []).map(([tag, attributes]) => h(tag, attributes)));
}

/** Replaces the `data-icon` placeholders in static HTML (the tab bar) with their icons. */
export function fillIcons(root = document) {
  for (const element of root.querySelectorAll('[data-icon]')) element.replaceChildren(icon(element.dataset.icon));
}

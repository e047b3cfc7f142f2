import { h, mount } from '../ui.js';
export function render() { mount(h('p', {}, 'map')); }

// Where a new token goes, shown beside it once: this instance's addresses in the forms the
// common apps take (docs/CONNECT.md has the whole recipes). The phone apps' addresses are
// offered for an upload-only token alone, which alone may travel in an address (FitoTrack).
import { h, toast } from '../../ui.js';

/** The ways `scope`'s token `secret` can be used here, each with Copy. */
export function appAddresses(secret, scope) {
  if (scope === 'read') return [];
  const api = `${location.origin}/api/v1`;
  const ways = [['Any app or script that sends a file', `${api}/runs`, `with the header Authorization: Bearer ${secret}`]];
  // A phone app holds the token in its settings: only an upload-only one belongs there.
  if (scope === 'upload') {
    ways.push(['GPSLogger: Log to custom URL (POST)', `${api}/fixes?lat=%LAT&lon=%LON&alt=%ALT&acc=%ACC&time=%TIME&starttimestamp=%STARTTIMESTAMP`,
      `with the header Authorization: Bearer ${secret}`],
    ['FitoTrack: auto-export to HTTP POST', `${api}/runs?token=${secret}`, 'the token is in the address: keep it to this app']);
  }
  return [h('p', { class: 'muted small' }, 'Where it goes:'),
    h('ul', { class: 'list app-addresses' }, ways.map(([app, address, how]) => h('li', {},
      h('strong', {}, app), h('code', { class: 'app-address' }, address), h('span', { class: 'muted small' }, how),
      h('button', { type: 'button', class: 'ghost small', name: 'copy-address', onclick: async () => {
        try { await navigator.clipboard.writeText(address); toast('Copied'); } catch { toast('Select the address and copy it', { error: true }); }
      } }, 'Copy address'))))];
}

// The recording screen's "Share live location": a safety link anyone can open to see
// where the runner is until the activity ends. The runner chooses whether their privacy
// zones stay hidden from it (they do unless told otherwise), then copies or shares the
// address; "Stop sharing" ends it at once.
import { BeaconFeed } from '../../engine/beacon/beacon-feed.js';
import { h, toast, describe } from '../../ui.js';
import { icon } from '../../icons.js';

export class BeaconControl {
  /** For the activity of `sport` started at `startedAt` (the recording's header). */
  constructor(sport, startedAt) {
    this.sport = sport;
    this.startedAt = startedAt;
    BeaconFeed.endPending();
    this.feed = BeaconFeed.kept(startedAt);
    this.pill = h('button', { type: 'button', class: 'pill beacon-pill', name: 'share-live', 'aria-expanded': 'false' });
    this.panel = h('div', { class: 'wide beacon-panel', hidden: true });
    this.pill.addEventListener('click', () => this.toggle());
    this.show();
  }

  /** Takes a recorded fix: the link's viewers get it within seconds. */
  add(fix) {
    this.feed?.add(fix);
    if (this.feed?.ended) { this.feed = null; this.show(); }
  }

  /** The runner paused at `at` (ms): the link's viewers see it within seconds. */
  pause(at) { this.feed?.pause(at); }

  /** The runner resumed: their next fix says so. */
  resume() { this.feed?.resume(); }

  /** Ends the link (the activity ended); true unless it could not reach the server. */
  async end() {
    const feed = this.feed;
    this.feed = null;
    return feed ? feed.end() : true;
  }

  toggle() {
    this.panel.hidden = !this.panel.hidden;
    this.pill.setAttribute('aria-expanded', String(!this.panel.hidden));
    this.show();
  }

  show() {
    this.pill.replaceChildren(icon('locate'), this.feed ? ' Sharing live' : ' Share live location');
    this.pill.classList.toggle('on', Boolean(this.feed));
    this.panel.replaceChildren(...(this.feed ? this.sharing() : this.offer()));
  }

  /** Before: what it does, the zones choice, Create. */
  offer() {
    const zones = h('input', { type: 'checkbox', name: 'beacon-show-zones' });
    const create = h('button', { type: 'button', class: 'primary small', name: 'create-beacon', onclick: async () => {
      create.disabled = true;
      try {
        this.feed = await BeaconFeed.start(this.sport, this.startedAt, zones.checked);
        this.show();
      } catch (error) {
        toast(error?.isNetwork ? 'No connection: a live link needs the network.' : describe(error), { error: true });
        create.disabled = false;
      }
    } }, 'Create link');
    return [h('p', {}, 'Anyone with the link sees where you are, your way so far and your pace until this activity ends. It is never listed anywhere.'),
      h('label', { class: 'check' }, zones, ' Show my privacy zones too (someone meeting me at home)'), create];
  }

  /** While sharing: the address, Copy, Share, Stop. */
  sharing() {
    const address = h('input', { readonly: true, name: 'beacon-address', value: this.feed.url, 'aria-label': 'Live link' });
    const share = navigator.share ? h('button', { type: 'button', class: 'small', name: 'share-beacon',
      onclick: () => navigator.share({ title: 'Follow me live', url: this.feed.url }).catch(() => {}) }, 'Share') : null;
    return [h('p', {}, this.feed.link.showPrivacyZones ? 'Live: your privacy zones show too.' : 'Live: your privacy zones stay hidden.'),
      address,
      h('div', { class: 'row' },
        h('button', { type: 'button', class: 'small', name: 'copy-beacon', onclick: async () => {
          try { await navigator.clipboard.writeText(this.feed.url); toast('Link copied'); } catch { address.select(); }
        } }, 'Copy'),
        share,
        h('button', { type: 'button', class: 'ghost small danger-text', name: 'stop-beacon', onclick: async () => {
          const ended = await this.end();
          toast(ended ? 'Live link ended' : 'Offline: the link ends when you are back online, or within a day', { error: !ended });
          this.show();
        } }, 'Stop sharing'))];
  }
}

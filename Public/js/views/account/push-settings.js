// Notifications, in the profile's settings: whether they reach this phone when the app is
// closed (Web Push), and which kinds do (the list under the bell always shows them all).
import { api } from '../../engine/api/paceline.js';
import { supported, isOn, turnOn, turnOff } from '../../engine/social/push.js';
import { h, describe, toast } from '../../ui.js';

const KINDS = [
  ['friendRequest', 'Friend requests'], ['friendAccepted', 'Friend requests accepted'], ['invitation', 'Invitations to walk or run'],
  ['kudos', 'Kudos'], ['comment', 'Comments on your activities'], ['mention', 'Mentions in comments'],
  ['raceStarting', 'A walk or race you accepted is starting'], ['friendRecord', 'Friends\' personal records'], ['idleReminder', 'Reminders to go out'],
  ['clubRequest', 'Requests to join your clubs'], ['clubApproved', 'Your requests to join clubs approved'],
  ['eventChanged', 'Club events changed or cancelled'], ['challengeResult', 'Club challenge results'],
];
const IDLE_DAYS = [0, 2, 3, 5, 7, 14];

/** What the user asks to be told at all (in the list, and on the phone if on): friends' records, a reminder after idle days. */
function askedFor(settings, saved) {
  const records = h('input', { type: 'checkbox', name: 'friend-records', checked: settings.friendRecords });
  records.addEventListener('change', () => saved(api.updateNotificationSettings({ friendRecords: records.checked })));
  const idle = h('select', { name: 'idle-reminder' }, IDLE_DAYS.map((days) => h('option', { value: String(days),
    selected: days === (settings.idleReminderDays ?? 0) }, days === 0 ? 'Never' : `After ${days} days`)));
  idle.addEventListener('change', () => saved(api.updateNotificationSettings({ idleReminderDays: Number(idle.value) })));
  return h('div', { class: 'asked-for' },
    h('label', { class: 'switch-row' }, h('span', {}, 'Friends\' personal records', h('small', {}, 'When a friend sets one on an activity you may see')), records),
    h('label', { class: 'switch-row' }, h('span', {}, 'Remind me to go out', h('small', {}, 'When I haven\'t recorded an activity for a while')), idle));
}

/** The collapsible "Notifications" section, read when opened. */
export function pushSection() {
  const state = h('p', { class: 'muted push-state' });
  const toggle = h('button', { type: 'button', class: 'primary', name: 'push-toggle', hidden: true });
  const kinds = h('fieldset', { class: 'push-kinds', hidden: true }, h('legend', {}, 'Send to my phone'));
  let muted = [];
  async function show() {
    if (!supported) {
      state.textContent = 'This browser can\'t take notifications when Paceline is closed. The bell shows them while it is open.';
      return;
    }
    const on = await isOn();
    state.textContent = on ? 'Notifications reach this phone, even when Paceline is closed.' : 'Notifications show under the bell while Paceline is open. Turn them on to get them on this phone too.';
    toggle.hidden = false;
    toggle.textContent = on ? 'Turn off on this phone' : 'Turn on for this phone';
    toggle.className = on ? 'ghost' : 'primary';
    kinds.hidden = !on;
  }
  toggle.addEventListener('click', async () => {
    toggle.disabled = true;
    try { if (await isOn()) await turnOff(); else await turnOn(); } catch (error) { toast(describe(error), { error: true }); }
    toggle.disabled = false;
    show();
  });
  kinds.append(...KINDS.map(([kind, label]) => {
    const box = h('input', { type: 'checkbox', name: `push-${kind}` });
    box.addEventListener('change', async () => {
      const next = box.checked ? muted.filter((one) => one !== kind) : [...muted, kind];
      try { muted = (await api.updateNotificationSettings({ pushMuted: next })).pushMuted; } catch (error) { toast(describe(error), { error: true }); box.checked = !box.checked; }
    });
    return h('label', { class: 'switch-row' }, h('span', {}, label), box);
  }));
  const section = h('details', { class: 'push-settings', ontoggle: async () => {
    if (!section.open || section.dataset.loaded) return;
    section.dataset.loaded = 'true';
    try {
      const settings = await api.notificationSettings();
      muted = settings.pushMuted;
      for (const box of kinds.querySelectorAll('input')) box.checked = !muted.includes(box.name.replace('push-', ''));
      state.before(askedFor(settings, (saving) => saving.then(() => toast('Saved')).catch((error) => toast(describe(error), { error: true }))));
    } catch (error) { toast(describe(error), { error: true }); }
    show();
  } }, h('summary', {}, 'Notifications'), state, toggle, kinds);
  return section;
}

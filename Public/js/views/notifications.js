// #/notifications, the bell's list: friend requests and acceptances, walk and race
// invitations, kudos, comments and mentions, newest first; each opens what it is about.
// Opening the list marks everything read (those new to this visit keep their dot).
import { api } from '../engine/api/paceline.js';
import { unreadNotifications } from '../engine/social/unread.js';
import { h, mount, describe } from '../ui.js';
import { icon } from '../icons.js';
import { dayAndTime } from './shared/format.js';

/** What happened, and where tapping it leads: {text, quote, href, icon}. */
export function told(notification) {
  const who = notification.actor.displayName;
  const activity = notification.runName ? `“${notification.runName}”` : 'your activity';
  const run = notification.runId ? `#/runs/${notification.runId}` : '#/feed';
  const club = notification.clubId ? `#/clubs/${notification.clubId}` : '#/clubs';
  switch (notification.kind) {
    case 'friendRequest': return { text: `${who} asked to be friends`, href: '#/friends', icon: 'friends' };
    case 'friendAccepted': return { text: `${who} accepted your friend request`, href: '#/friends', icon: 'friends' };
    case 'invitation': return { text: `${who} invited you to walk or run together`, quote: notification.excerpt, href: '#/invitations', icon: 'clock' };
    case 'kudos': return { text: `${who} gave kudos to ${activity}`, href: run, icon: 'kudos' };
    case 'comment': return { text: `${who} commented on ${activity}`, quote: notification.excerpt, href: run, icon: 'comment' };
    case 'mention': return { text: `${who} mentioned you in a comment`, quote: notification.excerpt, href: run, icon: 'comment' };
    case 'raceStarting': return { text: `“${notification.excerpt ?? 'Your walk'}” starts soon: the live session is open`, href: '#/invitations', icon: 'clock' };
    case 'friendRecord': return { text: `${who} set a personal record`, quote: notification.excerpt, href: run, icon: 'star' };
    case 'idleReminder': return { text: 'Time for a run or a walk?', quote: notification.excerpt, href: '#/home', icon: 'run' };
    case 'clubRequest': return { text: `${who} asked to join ${notification.excerpt ?? 'your club'}`, href: club, icon: 'friends' };
    case 'clubApproved': return { text: `You are in ${notification.excerpt ?? 'the club'}: ${who} approved your request`, href: club, icon: 'friends' };
    case 'challengeResult': return { text: 'A club challenge ended: your result', quote: notification.excerpt,
      href: notification.challengeId ? `${club}/challenges/${notification.challengeId}` : club, icon: 'flag' };
    case 'eventChanged': return { text: `${who} changed or cancelled a club event`, quote: notification.excerpt, href: club, icon: 'clock' };
    default: return { text: `${who} did something new`, href: '#/feed', icon: 'bell' };
  }
}

function item(notification) {
  const { text, quote, href, icon: name } = told(notification);
  return h('li', { class: `notification${notification.read ? '' : ' unread'}`, dataset: { kind: notification.kind } },
    h('a', { href },
      h('span', { class: 'notification-icon', 'aria-hidden': 'true' }, icon(name)),
      h('span', { class: 'notification-body' },
        h('span', { class: 'notification-text' }, text),
        quote ? h('span', { class: 'notification-quote' }, `“${quote}”`) : null,
        h('span', { class: 'muted notification-time' }, dayAndTime(notification.createdAt))),
      notification.read ? null : h('span', { class: 'dot', 'aria-label': 'new' })));
}

export async function render() {
  const list = h('ul', { class: 'list notification-list' });
  const more = h('button', { type: 'button', class: 'secondary', name: 'more', hidden: true }, 'Show older');
  const status = h('p', { class: 'muted' }, 'Loading…');
  mount(h('section', { class: 'page notifications-page' }, h('h1', {}, 'Notifications'), status, list, more));
  let cursor = null;
  async function load() {
    more.disabled = true;
    try {
      const page = await api.notifications(cursor);
      list.append(...page.notifications.map(item));
      cursor = page.nextCursor ?? null;
      more.hidden = !cursor;
      status.textContent = list.children.length ? '' : 'Nothing yet. Kudos, comments, friend requests and invitations will show here.';
      status.hidden = !status.textContent;
      return page;
    } catch (error) {
      status.textContent = describe(error);
      status.className = 'error';
      return null;
    } finally {
      more.disabled = false;
    }
  }
  more.addEventListener('click', load);
  const first = await load();
  if (first?.unread) unreadNotifications.set((await api.markNotificationsRead()).unread);
  return null;
}

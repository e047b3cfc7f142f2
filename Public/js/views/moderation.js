// #/moderation, for the instance's admins (`paceline admin grant`): the comments and
// clubs users reported, the longest waiting first, each with how many reported it and why; hide the
// comment, ban its writer (hidden, and the account suspended), or dismiss the reports.
import { api } from '../engine/api/paceline.js';
import { h, mount, describe, toast } from '../ui.js';
import { dayAndTime } from './shared/format.js';

const ACTIONS = [
  ['hide', 'Hide comment', 'secondary'],
  ['ban', 'Ban writer', 'danger'],
  ['dismiss', 'Dismiss', 'ghost'],
];

/** What was reported: a comment (its writer, time, the activity, its text) or a club. */
function reported(report) {
  if (report.club) {
    const { club } = report;
    return [h('p', { class: 'comment-head' }, h('strong', {}, `Club: ${club.name}`), ' ', h('span', { class: 'muted' }, club.owner ? `owned by ${club.owner.displayName}` : '')),
      club.description ? h('p', { class: 'comment-text' }, club.description) : null];
  }
  const { comment } = report;
  return [h('p', { class: 'comment-head' }, h('strong', {}, comment.author.displayName), ' ',
    h('span', { class: 'muted' }, dayAndTime(comment.createdAt)), ' · ', h('a', { href: `#/runs/${report.runId}` }, 'the activity')),
  h('p', { class: 'comment-text' }, comment.text)];
}

function reportItem(report, decided) {
  const who = report.club ? report.club.owner?.displayName ?? 'its owner' : report.comment.author.displayName;
  const decide = async (action, label) => {
    if (action === 'ban' && !confirm(`Ban ${who}? Their account is suspended: signed out, unable to log in, every comment hidden.`)) return;
    try { await api.decideReport(report.id, action); toast(`${label}: done`); decided(); } catch (error) { toast(describe(error), { error: true }); }
  };
  const actions = report.club ? [['hide', 'Hide club', 'secondary'], ['ban', 'Ban owner', 'danger'], ['dismiss', 'Dismiss', 'ghost']] : ACTIONS;
  return h('li', { class: 'card report', dataset: { id: report.id } },
    ...reported(report),
    h('p', { class: 'muted' }, `Reported by ${report.reports} ${report.reports === 1 ? 'person' : 'people'}, first ${dayAndTime(report.reportedAt)}`),
    report.reasons.length ? h('ul', { class: 'reasons' }, report.reasons.map((reason) => h('li', {}, `“${reason}”`))) : null,
    h('div', { class: 'actions' }, actions.map(([action, label, style]) =>
      h('button', { type: 'button', class: style, name: action, onclick: () => decide(action, label) }, label))));
}

export async function render() {
  const list = h('ul', { class: 'list report-list' });
  const status = h('p', { class: 'muted' }, 'Loading…');
  mount(h('section', { class: 'page moderation-page' }, h('h1', {}, 'Moderation'),
    h('p', { class: 'muted' }, 'Comments and clubs people reported. Hiding one hides it from everyone; banning also suspends its writer\'s or owner\'s account.'),
    status, list));
  async function load() {
    try {
      const { reports } = await api.reports();
      list.replaceChildren(...reports.map((report) => reportItem(report, load)));
      status.textContent = reports.length ? '' : 'Nothing to decide: no open reports.';
    } catch (error) {
      status.textContent = error?.status === 403 ? 'Only this Paceline\'s admins see reports.' : describe(error);
    }
  }
  await load();
  return null;
}

// An activity's comments, under its numbers: the latest first loaded, shown oldest at the
// top as a conversation, earlier ones on request; a box to write one (with @mentions of
// friends) for whoever signed in may comment; delete for the writer and the owner; report
// or block for the others. The owner switches comments off and on. Text is shown as text.
import { api } from '../../engine/api/paceline.js';
import { session } from '../../engine/store/session.js';
import { h, toast, describe } from '../../ui.js';
import { icon } from '../../icons.js';
import { dayAndTime } from '../shared/format.js';
import { mentionPicker } from './mention-picker.js';
import { signInAddress } from '../../router.js';

const MAXIMUM = 1000;

/** One comment, with what the reader may do to it; `changed()` after a deletion or a block. */
function commentItem(runId, comment, changed) {
  const mine = comment.author.id === session.profile?.id;
  const act = async (what, done) => {
    try { await what(); toast(done); changed(); } catch (error) { toast(describe(error), { error: true }); }
  };
  const actions = [
    comment.deletable ? h('button', { type: 'button', class: 'link', name: 'delete-comment', onclick: () => {
      if (confirm('Delete this comment?')) act(() => api.deleteComment(runId, comment.id), 'Comment deleted');
    } }, 'Delete') : null,
    session.loggedIn && !mine ? h('button', { type: 'button', class: 'link', name: 'report-comment', onclick: () => {
      const reason = prompt('Report this comment to the admins of this Paceline. Why? (optional)');
      if (reason !== null) act(() => api.reportComment(comment.id, reason.slice(0, 500)), 'Reported. The admins will look at it.');
    } }, 'Report') : null,
    session.loggedIn && !mine ? h('button', { type: 'button', class: 'link', name: 'block-author', onclick: () => {
      if (confirm(`Block ${comment.author.displayName}? They will no longer see your activities, comment on them or invite you, and you will no longer be friends.`)) {
        act(() => api.block(comment.author.id), `${comment.author.displayName} is blocked`);
      }
    } }, 'Block') : null,
  ].filter(Boolean);
  return h('li', { class: 'comment', dataset: { id: comment.id } },
    h('p', { class: 'comment-head' }, h('strong', {}, comment.author.displayName), ' ',
      h('span', { class: 'muted' }, dayAndTime(comment.createdAt))),
    h('p', { class: 'comment-text' }, comment.text),
    actions.length ? h('p', { class: 'comment-actions' }, actions) : null);
}

/** The box to write a comment; `posted(comment)` after the server took it. */
function composer(runId, posted) {
  const text = h('textarea', { name: 'comment', rows: '2', maxlength: String(MAXIMUM), placeholder: 'Add a comment… (@ to mention a friend)',
    'aria-label': 'Your comment' });
  const left = h('span', { class: 'muted comment-left' });
  const post = h('button', { type: 'submit', class: 'primary', name: 'post-comment', disabled: true }, 'Post');
  const picker = mentionPicker(text);
  text.addEventListener('input', () => {
    const remaining = MAXIMUM - [...text.value].length;
    left.textContent = remaining < 100 ? `${remaining} characters left` : '';
    post.disabled = !text.value.trim();
  });
  const form = h('form', { class: 'comment-form' }, text, picker.element, h('div', { class: 'comment-send' }, left, post));
  form.addEventListener('submit', async (event) => {
    event.preventDefault();
    post.disabled = true;
    try {
      posted(await api.addComment(runId, text.value, picker.mentionIds()));
      text.value = '';
      picker.clear();
      left.textContent = '';
    } catch (error) {
      toast(describe(error), { error: true });
      post.disabled = false;
    }
  });
  return form;
}

/** The comments card of run `runId`; `owned`: the reader's own activity. */
export function commentsCard(runId, owned) {
  const card = h('div', { class: 'card comments-card', id: 'comments' }, h('h2', {}, 'Comments'), h('p', { class: 'muted' }, 'Loading…'));
  let shown = [];
  let cursor = null;
  async function load(more = false) {
    try {
      const page = await api.comments(runId, more ? cursor : undefined);
      shown = more ? [...page.comments.reverse(), ...shown] : page.comments.reverse();
      cursor = page.nextCursor ?? null;
      draw(page);
    } catch (error) {
      card.replaceChildren(h('h2', {}, 'Comments'), h('p', { class: 'error' }, describe(error)));
    }
  }
  function draw(page) {
    const earlier = cursor ? h('button', { type: 'button', class: 'link', name: 'earlier-comments', onclick: () => load(true) }, 'Show earlier comments') : null;
    const list = shown.length ? h('ul', { class: 'list comment-list' }, shown.map((comment) => commentItem(runId, comment, () => load())))
      : h('p', { class: 'muted empty' }, page.open ? 'No comments yet.' : 'No comments.');
    const closed = page.open ? null : h('p', { class: 'muted comments-closed' }, 'Comments are off for this activity.');
    const write = !page.open ? null : session.loggedIn ? composer(runId, () => load())
      : h('p', { class: 'muted comment-join' }, h('a', { class: 'button ghost small', href: signInAddress(location.hash, 'comment', true) }, 'Make an account'),
        ' or ', h('a', { href: signInAddress(location.hash, 'comment') }, 'log in'), ' to comment.');
    const toggle = owned ? h('button', { type: 'button', class: 'secondary', name: 'comments-switch', onclick: async () => {
      try { await api.updateRun(runId, { commentsOpen: !page.open }); load(); } catch (error) { toast(describe(error), { error: true }); }
    } }, page.open ? 'Turn comments off' : 'Turn comments on') : null;
    card.replaceChildren(...[h('h2', {}, icon('comment'), ` Comments · ${page.count}`), earlier, list, closed, write, toggle].filter(Boolean));
  }
  load();
  return card;
}

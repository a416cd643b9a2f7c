// Everything around the board, drawn from the read model: the headings (model.strings), the
// player's panel, the decision with the server's choices, the menus, a square's card, the
// turn account, the Hint and the history. The page writes no word of its own and decides
// nothing: a choice is shown because the server listed it, and sent back as it came.

const $ = (id) => document.getElementById(id);

function el(tag, className, text) {
  const node = document.createElement(tag);
  if (className) node.className = className;
  if (text !== undefined && text !== null) node.textContent = text;
  return node;
}

let details = 0;

/** A real <button> for one of the server's choices; its `detail` is its description. */
export function choiceButton(choice, onChoose, disabled) {
  const wrap = el('div', 'choice-wrap');
  const button = el('button', `choice ${choice.style || 'secondary'}`, choice.label);
  button.type = 'button';
  button.dataset.choice = choice.id;
  button.disabled = disabled;
  button.addEventListener('click', () => onChoose(choice, button));
  wrap.append(button);
  if (choice.detail) {
    details += 1;
    const note = el('p', 'choice-detail', choice.detail);
    note.id = `detail-${details}`;
    button.setAttribute('aria-describedby', note.id);
    wrap.append(note);
  }
  return wrap;
}

function lines(list, items) {
  list.replaceChildren(...items.map((line) => el('li', line.startsWith('—') ? 'turn-line' : '', line)));
}

export function renderStrings(model) {
  const s = model.strings || {};
  document.documentElement.lang = model.locale || 'en';
  document.title = model.game?.title || s.title || '';
  $('title').textContent = model.game?.title || s.title || '';
  $('decision-heading').textContent = s.decision || '';
  $('board-heading').textContent = s.board || '';
  $('board').setAttribute('aria-label', s.squares || s.board || '');
  $('panel-heading').textContent = s.panel || '';
  $('account-heading').textContent = s.account || '';
  $('history-heading').textContent = s.history || '';
  $('hint-heading').textContent = s.hint || '';
  $('card-close').textContent = s['card.close'] || '';
  $('choices').setAttribute('aria-label', s.choices || '');
  $('dice').dataset.label = s.dice || '';
  const watching = model.viewer === 'watcher';
  $('watching').hidden = !watching;
  $('watching').textContent = watching ? s.watching || '' : '';
}

export function renderPanel(model) {
  const rows = $('panel-rows');
  rows.replaceChildren();
  for (const row of model.panel || []) {
    const line = el('div', 'panel-row');
    line.dataset.key = row.key;
    line.append(el('dt', '', row.label), el('dd', '', row.value));
    rows.append(line);
  }
  $('panel').hidden = !(model.panel || []).length;
}

export function renderDice(model, rolled) {
  const dice = $('dice');
  if (!model.dice) {
    dice.hidden = true;
    return;
  }
  dice.hidden = false;
  const faces = dice.querySelectorAll('.die');
  model.dice.forEach((value, n) => {
    faces[n].textContent = String(value);
    faces[n].dataset.value = String(value);
  });
  dice.setAttribute('aria-label', `${dice.dataset.label} ${model.dice.join(' + ')}`);
  if (rolled) {
    dice.classList.remove('rolling');
    void dice.offsetWidth;  // restart the animation (style.css turns it off for reduced motion)
    dice.classList.add('rolling');
  }
}

let menuCount = 0;
const openMenus = new Set();

/** A menu (sell, mortgage, lift): a button that shows or hides all its options. */
function menuBox(menu, onChoose, busy) {
  menuCount += 1;
  const box = el('div', 'menu');
  box.dataset.kind = menu.kind || '';
  const toggle = el('button', 'choice secondary menu-toggle', menu.label);
  toggle.type = 'button';
  const list = el('div', 'menu-choices');
  list.id = `menu-${menuCount}`;
  list.setAttribute('role', 'group');
  list.setAttribute('aria-label', menu.label);
  list.append(...(menu.choices || []).map((c) => choiceButton(c, onChoose, busy)));
  const show = (open) => {
    toggle.setAttribute('aria-expanded', String(open));
    list.hidden = !open;
    if (open) openMenus.add(menu.kind); else openMenus.delete(menu.kind);
  };
  toggle.setAttribute('aria-controls', list.id);
  toggle.addEventListener('click', () => show(list.hidden));
  show(openMenus.has(menu.kind));
  box.append(toggle, list);
  return box;
}

/** The decision: the prompt, the choices, and the sell/mortgage/lift menus whole. */
export function renderDecision(model, onChoose, busy) {
  const decision = model.decision || { prompt: '', choices: [] };
  const hadFocus = $('decision').contains(document.activeElement);
  $('prompt').textContent = decision.prompt || '';
  const choices = model.viewer === 'watcher' ? [] : decision.choices || [];
  $('choices').replaceChildren(...choices.map((c) => choiceButton(c, onChoose, busy)));
  $('choices').hidden = !choices.length;
  const menus = model.viewer === 'watcher' ? [] : decision.menus || [];
  $('menus').replaceChildren(...menus.map((menu) => menuBox(menu, onChoose, busy)));
  if (hadFocus) {
    // The button just pressed is gone: the keyboard goes on from the next decision.
    const first = $('choices').querySelector('button:not([disabled])');
    (first || $('prompt')).focus();
  }
}

export function setBusy(busy) {
  document.querySelectorAll('#choices button, #menus button, #card-choices button, #hint button')
    .forEach((button) => { button.disabled = busy; });
  $('app').setAttribute('aria-busy', busy ? 'true' : 'false');
}

export function showProblem(message) {
  $('problem').hidden = !message;
  $('problem').textContent = message || '';
}

export function renderAccount(model) {
  lines($('account-lines'), model.account || []);
  $('account').hidden = !(model.account || []).length;
}

export function renderHistory(model) {
  lines($('history-lines'), model.history || []);
  $('rules').textContent = model.rules || '';
  $('rules').hidden = !model.rules;
  $('history').hidden = !(model.history || []).length && !model.rules;
}

/** The Hint: its button (a choice like any other), what it said once asked (a polite live
 * region: a screen reader reads it when it comes), and the plans it weighed, the best first. */
export function renderHint(model, onChoose, busy) {
  const hint = model.viewer === 'watcher' ? null : model.hint;
  const body = $('hint-body');
  body.replaceChildren();
  if (!hint) {
    lines($('hint-lines'), []);
    $('hint').hidden = true;
    return;
  }
  const said = hint.lines || [];
  const shown = [...$('hint-lines').children].map((li) => li.textContent);
  // Rewritten only when it changed: a live region rewritten says it all again.
  if (shown.join('\n') !== said.join('\n')) lines($('hint-lines'), said);
  $('hint-lines').hidden = !said.length;
  const plans = hint.choices || [];
  if (plans.length) {
    const box = el('div', 'hint-plans');
    box.append(...plans.map((c) => choiceButton(c, onChoose, busy)));
    body.append(box);
  }
  if (hint.choice) body.append(choiceButton(hint.choice, onChoose, busy));
  $('hint').hidden = false;
}

/** A square's card, in a modal <dialog> (Escape closes it, focus returns to the square). */
export class Card {
  constructor(onChoose) {
    this.dialog = $('card');
    this.onChoose = onChoose;
    this.index = null;
    $('card-close').addEventListener('click', () => this.dialog.close());
    this.dialog.addEventListener('close', () => {
      this.index = null;
      this.opener?.isConnected && this.opener.focus();
    });
    // A tap outside the card (on the backdrop) closes it too.
    this.dialog.addEventListener('click', (event) => {
      if (event.target === this.dialog) this.dialog.close();
    });
  }

  open(model, index, opener) {
    this.index = index;
    this.opener = opener;
    this.render(model, false);
    if (!this.dialog.open) this.dialog.showModal();
  }

  /** Redraw the open card from a newer model (its choices change with the game). */
  render(model, busy) {
    if (this.index === null) return;
    const card = (model.cards || {})[String(this.index)];
    const square = model.squares[this.index];
    if (!card) {
      this.dialog.close();
      return;
    }
    $('card-title').textContent = card.title;
    this.dialog.style.setProperty('--band', square?.colour || 'transparent');
    this.dialog.dataset.owner = card.owner || 'none';
    $('card-lines').replaceChildren(...card.lines.map((line) => {
      const row = el('div', 'card-line');
      row.append(el('dt', '', line.label), el('dd', '', line.value));
      return row;
    }));
    const choices = model.viewer === 'watcher' ? [] : card.choices || [];
    $('card-choices').replaceChildren(...choices.map((c) => choiceButton(c, this.onChoose, busy)));
    $('card-choices').hidden = !choices.length;
    $('card-choices').setAttribute('aria-label', model.strings?.choices || '');
  }
}

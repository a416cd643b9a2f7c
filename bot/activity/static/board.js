// The 40 squares: drawn from the read model's `squares`, `pawn` and `bank_pawns`, nothing
// else. A property's square is a button (named by the server's label: its name and state)
// that opens its card; the other squares are not interactive. Where each square sits is
// geometry only: on a ring (wide frames) or in reading order (phones), chosen by style.css.

const SIDE = 10;

/** Row and column (1-based) of square `index` on an 11 x 11 ring, GO at the bottom right. */
export function ringCell(index) {
  const side = Math.floor(index / SIDE);
  const step = index % SIDE;
  if (side === 0) return { row: 11, col: 11 - step };
  if (side === 1) return { row: 11 - step, col: 1 };
  if (side === 2) return { row: 1, col: 1 + step };
  return { row: 1 + step, col: 11 };
}

function sideOf(index) {
  if (index % SIDE === 0) return 'corner';
  return ['bottom', 'left', 'top', 'right'][Math.floor(index / SIDE)];
}

const reducedMotion = () => window.matchMedia('(prefers-reduced-motion: reduce)').matches;

function el(tag, className, text) {
  const node = document.createElement(tag);
  if (className) node.className = className;
  if (text !== undefined && text !== null) node.textContent = text;
  return node;
}

export class Board {
  constructor(list, pawnLabel, onOpen) {
    this.list = list;
    this.pawnLabel = pawnLabel;
    this.onOpen = onOpen;
    this.items = [];
    this.pawn = el('span', 'pawn');
    this.pawn.setAttribute('aria-hidden', 'true');
    this.pawnAt = null;
  }

  /** Build the 40 squares once (and again if the edition's board changes). */
  ensure(squares) {
    const key = squares.map((sq) => `${sq.kind}:${sq.name}`).join('|');
    if (key === this.key) return;
    this.key = key;
    this.list.replaceChildren();
    this.items = squares.map((sq) => {
      const item = el('li', 'sq');
      const { row, col } = ringCell(sq.index);
      item.style.setProperty('--ring-row', String(row));
      item.style.setProperty('--ring-col', String(col));
      item.dataset.side = sideOf(sq.index);
      item.dataset.kind = sq.kind;
      item.dataset.index = String(sq.index);
      this.list.append(item);
      return item;
    });
    this.pawnAt = null;
  }

  render(model) {
    this.ensure(model.squares);
    const bank = new Set(model.bank_pawns || []);
    const cards = model.cards || {};
    for (const sq of model.squares) {
      this.renderSquare(this.items[sq.index], sq, bank.has(sq.index), cards[String(sq.index)]);
    }
    this.pawnLabel.textContent = model.pawn?.label || '';
    this.movePawn(model.pawn ? model.pawn.square : null);
  }

  renderSquare(item, sq, bankPawn, card) {
    item.dataset.owner = sq.owner || 'none';
    item.classList.toggle('mortgaged', Boolean(sq.mortgaged));
    item.classList.toggle('has-bank-pawn', bankPawn);
    if (sq.colour) item.style.setProperty('--band', sq.colour);
    const box = el(card ? 'button' : 'div', 'sq-box');
    if (card) {
      box.type = 'button';
      box.setAttribute('aria-label', sq.label || sq.name);
      box.setAttribute('aria-haspopup', 'dialog');
      box.addEventListener('click', () => this.onOpen(sq.index, box));
    }
    if (sq.colour) box.append(el('span', 'band'));
    box.append(el('span', 'name', sq.short || sq.name));
    if (sq.price && !sq.owner) box.append(el('span', 'price', sq.price));
    const marks = el('span', 'marks');
    marks.setAttribute('aria-hidden', 'true');
    if (sq.hotel) marks.append(el('span', 'hotel'));
    for (let n = 0; n < (sq.houses || 0); n += 1) marks.append(el('span', 'house'));
    if (bankPawn) marks.append(el('span', 'bank-pawn'));
    box.append(marks);
    // Keep the keyboard focus where it was when a square is redrawn under it.
    const old = item.firstElementChild;
    const hadFocus = old && old === document.activeElement;
    item.replaceChildren(box);
    if (this.pawnAt === sq.index) box.append(this.pawn);
    if (hadFocus && card) box.focus();
  }

  /** Put the pawn on `square`, walking it there square by square unless motion is reduced. */
  movePawn(square) {
    const from = this.pawnAt;
    this.pawnAt = square;
    for (const item of this.items) item.firstElementChild?.removeAttribute('aria-describedby');
    if (square === null || square === undefined) {
      this.pawn.remove();
      return;
    }
    const target = this.items[square].firstElementChild;
    target.setAttribute('aria-describedby', this.pawnLabel.id);
    const before = this.pawn.isConnected ? this.pawn.getBoundingClientRect() : null;
    target.append(this.pawn);
    if (before === null || from === null || from === square || reducedMotion()) return;
    const after = this.pawn.getBoundingClientRect();
    const steps = (square - from + 40) % 40;
    // Forward moves walk the squares in between; a jump back (to Jail, a card) goes straight.
    const path = steps > 0 && steps <= 12
      ? Array.from({ length: steps - 1 }, (_, n) => this.items[(from + n + 1) % 40])
      : [];
    const offset = (rect) => `translate(${rect.left - after.left}px, ${rect.top - after.top}px)`;
    const centre = (item) => {
      const r = item.getBoundingClientRect();
      return { left: r.left + r.width / 2 - after.width / 2, top: r.top + r.height / 2 - after.height / 2 };
    };
    const frames = [before, ...path.map(centre), after].map((rect) => ({ transform: offset(rect) }));
    this.pawn.animate(frames, { duration: Math.min(160 * frames.length, 1600), easing: 'ease-in-out' });
  }
}

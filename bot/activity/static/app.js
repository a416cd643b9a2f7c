// The Activity's page: signs in through Discord's SDK, shows the read model the server sends
// (GET /api/game, then every change on the live channel), and sends back the choice a tap
// picks (POST /api/game/action). docs/activity-api.md is the contract; the page decides no
// rule and writes no word: what it shows and offers is what the model says.
import { ApiError, getConfig, getGame, openLive, postAction, postToken } from './api.js';
import { Board } from './board.js';
import { makeSdk, signIn } from './discord.js';
import {
  Card, renderAccount, renderDecision, renderDice, renderHint, renderHistory, renderPanel,
  renderStrings, setBusy, showProblem,
} from './view.js';

const state = { model: null, session: null, busy: false, live: null, signing: null };
const query = new URLSearchParams(window.location.search);
let sdk = null;
let clientId = null;

const board = new Board(document.getElementById('board'), document.getElementById('pawn-label'),
  (index, opener) => card.open(state.model, index, opener));
const card = new Card((choice, button) => choose(choice, button));

/** Is `next` a newer view than the one shown? (the POST's answer and the live channel race) */
function newer(next, shown) {
  if (!shown || !next.game || !shown.game) return true;
  if (next.game.id !== shown.game.id) return true;
  return next.game.version >= shown.game.version;
}

function show(model) {
  if (!model || !newer(model, state.model)) return;
  const before = state.model;
  if (before?.game && model.game && before.game.id === model.game.id
      && before.game.version === model.game.version) {
    // A push of the version shown tells its last stored move only; the answer to our own
    // tap told all of it (a Roll on's lines): keep those (docs/activity-api.md).
    model = { ...model, account: before.account };
  }
  const rolled = Boolean(model.dice) && before !== null
    && before.game?.version !== model.game?.version;
  state.model = model;
  renderStrings(model);
  renderPanel(model);
  renderDice(model, rolled);
  renderDecision(model, choose, state.busy);
  board.render(model);
  renderAccount(model);
  renderHint(model, choose, state.busy);
  renderHistory(model);
  card.render(model, state.busy);
  const app = document.getElementById('app');
  app.setAttribute('aria-busy', 'false');
  // The version shown, for the tests and anyone debugging: a number, not a word.
  app.dataset.version = model.game ? String(model.game.version) : '';
  document.body.dataset.viewer = model.viewer || 'player';
}

async function session() {
  if (state.session) return state.session;
  if (!state.signing) {
    state.signing = signIn(sdk, clientId,
      (code, instanceId) => postToken(code, instanceId))
      .then((answer) => {
        state.session = answer.session;
        return answer.session;
      })
      .finally(() => { state.signing = null; });
  }
  return state.signing;
}

/** Run `call(session)`; a session refused as expired or unknown is renewed once. */
async function withSession(call) {
  try {
    return await call(await session());
  } catch (error) {
    if (error instanceof ApiError && error.status === 401 && error.code !== 'bad_code') {
      state.session = null;
      return call(await session());
    }
    throw error;
  }
}

async function choose(choice, button) {
  if (state.busy || !state.model) return;
  // The pressed button goes (disabled, then redrawn): the keyboard goes on from the same place.
  state.refocus = button?.closest('#decision, #hint') ? 'decision'
    : button?.closest('#card') ? 'card' : null;
  state.busy = true;
  setBusy(true);
  showProblem('');
  const version = state.model.game ? state.model.game.version : 0;
  try {
    const answer = await withSession((s) => postAction(s, choice.id, version));
    show(answer.game);
  } catch (error) {
    if (error instanceof ApiError && error.body?.game) show(error.body.game);
    showProblem(error.message);
    console.warn('action refused', error.code || error);
  } finally {
    state.busy = false;
    setBusy(false);
    refocus(state.refocus);
    state.refocus = null;
  }
}

function refocus(where) {
  const lost = document.activeElement === document.body || document.activeElement === null;
  if (!where || !lost) return;
  const scope = where === 'card' && card.dialog.open ? card.dialog : document.getElementById('decision');
  const next = scope.querySelector('button:not([disabled])') || document.getElementById('prompt');
  next.focus();
}

async function start() {
  try {
    const config = await getConfig();
    clientId = config.client_id;
    ({ sdk } = makeSdk(clientId, query));
    show(await withSession((s) => getGame(s)));
    state.live = openLive(() => state.session, show, () => {
      state.session = null;
      session().then(() => state.live.reopen()).catch(failed);
    });
  } catch (error) {
    failed(error);
  }
}

function failed(error) {
  console.warn('the board could not start', error);
  document.getElementById('app').setAttribute('aria-busy', 'false');
  showProblem(error.message);
}

start();

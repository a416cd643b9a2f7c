// The page's only ways out: relative URLs on its own origin (Discord's proxy allows nothing
// else, and our CSP says connect-src 'self'). docs/activity-api.md is the contract.

/** An answer that isn't 2xx: the server's JSON error ({code, message}) and its status. */
export class ApiError extends Error {
  constructor(status, error, body) {
    super(error?.message || String(status));
    this.status = status;
    this.code = error?.code || 'internal';
    this.body = body;
  }
}

async function request(method, path, { session, body } = {}) {
  const headers = {};
  if (body !== undefined) headers['Content-Type'] = 'application/json';
  if (session) headers.Authorization = `Bearer ${session}`;
  const response = await fetch(path, {
    method, headers, body: body === undefined ? undefined : JSON.stringify(body),
    cache: 'no-store', credentials: 'omit',
  });
  let data = null;
  try {
    data = await response.json();
  } catch {
    data = null;
  }
  if (!response.ok) throw new ApiError(response.status, data?.error, data);
  return data;
}

export const getConfig = () => request('GET', '/api/config');

export const postToken = (code, instanceId, locale) => request('POST', '/api/token', {
  body: { code, ...(instanceId ? { instance_id: instanceId } : {}), ...(locale ? { locale } : {}) },
});

export const getGame = (session) => request('GET', '/api/game', { session });

export const postAction = (session, choice, version) => request('POST', '/api/game/action', {
  session, body: { choice, version },
});

/**
 * The live channel (WebSocket /api/live): sends the session first (never in the URL), calls
 * onGame(model) for each model, and reconnects after a loss, waiting longer each time.
 * onRefused(error) when the server closes it for a bad session (4401): sign in again.
 */
export function openLive(getSession, onGame, onRefused) {
  let socket = null;
  let wait = 500;
  let closed = false;

  const connect = () => {
    const scheme = window.location.protocol === 'https:' ? 'wss:' : 'ws:';
    const mine = new WebSocket(`${scheme}//${window.location.host}/api/live`);
    socket = mine;
    mine.addEventListener('open', () => {
      wait = 500;
      mine.send(JSON.stringify({ session: getSession() }));
    });
    mine.addEventListener('message', (event) => {
      let message;
      try {
        message = JSON.parse(event.data);
      } catch {
        return;
      }
      if (message.type === 'game') onGame(message.game);
      else if (message.type === 'error') onRefused(message.error);
    });
    mine.addEventListener('close', (event) => {
      if (closed || socket !== mine) return;  // closed on purpose, or replaced by reopen()
      if (event.code === 4401) {
        onRefused({ code: 'bad_session' });
        return;
      }
      window.setTimeout(connect, wait);
      wait = Math.min(wait * 2, 15000);
    });
  };
  connect();
  return {
    close() {
      closed = true;
      socket?.close();
    },
    reopen() {
      closed = false;
      const old = socket;
      connect();
      old?.close();
    },
  };
}

// Discord's Embedded App SDK, set up the way Discord's own examples do it
// (github.com/discord/embedded-app-sdk-examples):
// - sdk-playground/packages/client/src/discordSdk.tsx: `new DiscordSDK(clientId)` when the page
//   has a `frame_id` query parameter (Discord's iframe always passes one), otherwise
//   `new DiscordSDKMock(clientId, null, null, null)` and `_updateCommandMocks` to shape the mock
//   from query parameters (it takes its mock user from `?user_id=`);
// - discord-activity-starter/packages/client/src/main.ts: `await discordSdk.ready()`, then
//   `commands.authorize({client_id, response_type: 'code', state: '', prompt: 'none', scope})`,
//   POST `{code}` to `/api/token` on the activity's own server, and
//   `commands.authenticate({access_token})` with the token that answer carries.
// The client id comes from our server (GET /api/config): nothing about the app is written here.
import { DiscordSDK, DiscordSDKMock } from './vendor/embedded-app-sdk.js';

const SCOPE = ['identify'];

/** The SDK for this page: Discord's when it runs in Discord's iframe, else the mock. */
export function makeSdk(clientId, query = new URLSearchParams(window.location.search)) {
  if (query.get('frame_id') != null) {
    return { sdk: new DiscordSDK(clientId), mock: false };
  }
  const sdk = new DiscordSDKMock(clientId, null, null, null);
  // Mock mode (a browser outside Discord, the tests): the code the mock "authorizes" with is
  // `?mock_code=` (issued by the test's loopback Discord), so the token exchange is real.
  const code = query.get('mock_code') ?? 'mock_code';
  sdk._updateCommandMocks({ authorize: async () => ({ code }) });
  sdk.instanceId = query.get('instance_id');
  return { sdk, mock: true };
}

/**
 * ready(), authorize and the token exchange: our session and Discord's access token.
 * `exchange(code, instanceId)` posts the code to /api/token and returns its JSON answer.
 */
export async function signIn(sdk, clientId, exchange) {
  await sdk.ready();
  const { code } = await sdk.commands.authorize({
    client_id: clientId, response_type: 'code', state: '', prompt: 'none', scope: SCOPE,
  });
  const answer = await exchange(code, sdk.instanceId || null);
  await sdk.commands.authenticate({ access_token: answer.access_token });
  return answer;
}

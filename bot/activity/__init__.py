"""The game as a Discord Activity, the parts that are the application's (no aiohttp, no
discord): the JSON read model of a game (read_model), the choices' ids and the moves they
make through the game service (choice_ids, moves), the signed sessions (sessions), the
rate limits (limits), the page's files under content-hashed names (assets), and the game
changes every open view listens to (live). The web server itself is an adapter beside the
cogs (cogs/activity); docs/activity-api.md is the contract with the page."""

"""The Activity's server in the real `python -m bot`, against the loopback Discord (which
stands in for OAuth2, /users/@me, the activity instances and the Entry Point command):
the token exchange, the refusals, the game's actions and both ways of the live updates, the
CSP on every answer, and no secret in the log."""

from __future__ import annotations

import asyncio
import json
import socket
import time
from collections.abc import Iterator
from typing import Any

import aiohttp
import pytest

from bot.application.service import GameService

from ..fake_discord import FakeDiscord
from ..fake_oauth import CLIENT_SECRET
from ..fake_payloads import CHANNEL_ID, GUILD_ID
from ..running_bot import RunningBot, seed_games

pytestmark = pytest.mark.slow


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


@pytest.fixture(scope="module")
def world(tmp_path_factory: pytest.TempPathFactory) -> Iterator[dict[str, Any]]:
    fake = FakeDiscord(entry_point=True)
    fake.start()
    db = tmp_path_factory.mktemp("activity") / "monopoly.sqlite3"
    tables = seed_games(db, fake, 4)
    port = free_port()
    bot = RunningBot(fake, db, env={"MONOPOLY_ACTIVITY_PORT": str(port),
                                    "DISCORD_CLIENT_SECRET": CLIENT_SECRET})
    try:
        yield {"fake": fake, "db": db, "tables": tables, "bot": bot,
               "base": f"http://127.0.0.1:{port}"}
    finally:
        log = bot.stop()
        fake.stop()
        # The client secret, the codes and the players' tokens never reach the log.
        assert CLIENT_SECRET not in log
        for code in fake.activities.codes:
            assert code not in log
        for token in fake.activities.tokens:
            assert token not in log


def run(coroutine: Any) -> Any:
    return asyncio.run(coroutine)


async def call(base: str, method: str, path: str, *, session: str | None = None,
               body: Any = None) -> tuple[int, dict[str, Any], Any]:
    headers = {"Authorization": f"Bearer {session}"} if session else {}
    async with aiohttp.ClientSession() as http:
        async with http.request(method, base + path, json=body, headers=headers) as answer:
            text = await answer.text()
            try:
                parsed = json.loads(text)
            except ValueError:
                parsed = text
            return answer.status, dict(answer.headers), parsed


def sign_in(world: dict[str, Any], user_id: int, **body: Any) -> dict[str, Any]:
    code = world["fake"].activities.code_for(user_id)
    status, _, answer = run(call(world["base"], "POST", "/api/token",
                                 body={"code": code, **body}))
    assert status == 200, answer
    return answer


def test_the_start_up_sync_keeps_the_entry_point_command(world):
    fake = world["fake"]
    assert fake.activities.refused_syncs == 0
    assert [c for c in fake.synced if c.get("type") == 4] == [
        {k: v for k, v in fake.activities.commands[-1].items()
         if k in ("id", "type", "name", "description", "handler", "integration_types",
                  "contexts", "nsfw")}]
    assert any(c.get("name") == "monopoly" for c in fake.synced)


def test_a_code_works_once_and_a_reused_one_is_refused_without_retrying(world):
    fake, player = world["fake"], world["tables"][0].player
    code = fake.activities.code_for(player, name="Ada")
    before = fake.activities.exchanges
    status, _, first = run(call(world["base"], "POST", "/api/token", body={"code": code}))
    assert status == 200 and first["user"]["id"] == str(player) and first["session"]
    assert first["access_token"] in fake.activities.tokens
    status, _, again = run(call(world["base"], "POST", "/api/token", body={"code": code}))
    assert status == 401 and again["error"]["code"] == "bad_code"
    assert fake.activities.exchanges == before + 2  # one exchange each: never retried
    status, _, forged = run(call(world["base"], "POST", "/api/token",
                                 body={"code": "never-issued"}))
    assert status == 401 and forged["error"]["code"] == "bad_code"


def test_the_game_is_the_players_own_whatever_ids_the_page_sends(world):
    table, other = world["tables"][0], world["tables"][1]
    session = sign_in(world, table.player)["session"]
    status, headers, model = run(call(world["base"], "GET",
                                      f"/api/game?game_id={other.game_id}", session=session))
    assert status == 200 and model["game"]["id"] == table.game_id
    assert model["viewer"] == "player" and len(model["squares"]) == 40
    assert "Content-Security-Policy" in headers
    # An action naming another game, user or guild acts on the session's player's game only.
    version = model["game"]["version"]
    status, _, answer = run(call(world["base"], "POST", "/api/game/action", session=session,
                                 body={"choice": "roll", "version": version,
                                       "game_id": other.game_id, "user_id": other.player,
                                       "guild_id": GUILD_ID}))
    assert status == 200 and answer["game"]["game"]["id"] == table.game_id
    assert answer["game"]["game"]["version"] > version
    other_session = sign_in(world, other.player)["session"]
    _, _, untouched = run(call(world["base"], "GET", "/api/game", session=other_session))
    assert untouched["game"]["version"] == 0


def test_refusals_forged_expired_stale_and_unknown_choice(world):
    table = world["tables"][2]
    session = sign_in(world, table.player)["session"]
    forged = session[:-2] + ("AA" if not session.endswith("AA") else "BB")
    for token, code in ((forged, "bad_session"), ("v1.e30.AAAA", "bad_session"),
                        (None, "no_session")):
        status, headers, answer = run(call(world["base"], "GET", "/api/game", session=token))
        assert (status, answer["error"]["code"]) == (401, code)
        assert "Traceback" not in json.dumps(answer) and "Content-Security-Policy" in headers
    _, _, model = run(call(world["base"], "GET", "/api/game", session=session))
    version = model["game"]["version"]
    run(call(world["base"], "POST", "/api/game/action", session=session,
             body={"choice": model["decision"]["choices"][0]["id"], "version": version}))
    status, _, stale = run(call(world["base"], "POST", "/api/game/action", session=session,
                                body={"choice": "decline", "version": version}))
    assert status == 409 and stale["error"]["code"] == "stale"
    assert stale["game"]["game"]["version"] > version  # the game as it is now, to show
    for body in ({"choice": "teleport", "version": 1}, {"choice": "roll"}, [1, 2],
                 {"choice": "roll", "version": True}):
        status, _, answer = run(call(world["base"], "POST", "/api/game/action",
                                     session=session, body=body))
        assert (status, answer["error"]["code"]) == (400, "bad_request")


def test_a_finished_game_takes_no_action(world):
    table = world["tables"][3]
    session = sign_in(world, table.player)["session"]

    async def resign() -> None:
        service = await GameService.open(world["db"])
        try:
            await service.resign(table.game_id, table.player)
        finally:
            await service.close()

    run(resign())
    _, _, model = run(call(world["base"], "GET", "/api/game", session=session))
    assert model["game"]["over"] and [c["id"] for c in model["decision"]["choices"]] == [
        "again"]
    status, _, answer = run(call(world["base"], "POST", "/api/game/action", session=session,
                                 body={"choice": "roll", "version": model["game"]["version"]}))
    assert (status, answer["error"]["code"]) == (409, "game_over")


def test_every_answer_carries_the_csp(world):
    for path in ("/", "/index.html", "/static/app.js", "/static/nothing.js", "/nowhere",
                 "/api/game"):
        status, headers, _ = run(call(world["base"], "GET", path))
        csp = headers.get("Content-Security-Policy", "")
        assert "default-src 'self'" in csp and "connect-src 'self'" in csp, path
    _, headers, page = run(call(world["base"], "GET", "/"))
    assert headers["Cache-Control"] == "no-cache"
    hashed = page.split('src="')[1].split('"')[0]
    assert hashed.startswith("/static/app.") and hashed != "/static/app.js"
    _, headers, _ = run(call(world["base"], "GET", hashed))
    assert "immutable" in headers["Cache-Control"]


def test_a_flood_on_one_token_is_held_off_without_slowing_another_player(world):
    flooder, calm = world["tables"][0], world["tables"][1]
    flood = sign_in(world, flooder.player)["session"]
    quiet = sign_in(world, calm.player)["session"]

    async def both() -> tuple[list[int], list[int]]:
        async with aiohttp.ClientSession() as http:
            async def get(session: str) -> int:
                async with http.get(world["base"] + "/api/game",
                                    headers={"Authorization": f"Bearer {session}"}) as a:
                    await a.read()
                    return a.status
            flooding = [asyncio.ensure_future(get(flood)) for _ in range(1000)]
            calm_ones = []
            for _ in range(10):  # the other player, meanwhile, at a person's pace
                calm_ones.append(await get(quiet))
            return list(await asyncio.gather(*flooding)), calm_ones

    started = time.monotonic()
    flooded, calm_answers = run(both())
    elapsed = time.monotonic() - started
    assert calm_answers == [200] * 10
    served = flooded.count(200)
    assert flooded.count(429) == 1000 - served
    assert served <= 40 + 20 * elapsed + 1  # the burst and the rate, never more


def test_live_updates_both_ways(world):
    """A click on the chat message moves the board's view; a tap on the board edits the
    chat message."""
    fake, table = world["fake"], world["tables"][1]
    session = sign_in(world, table.player)["session"]

    async def scenario() -> None:
        async with aiohttp.ClientSession() as http:
            async with http.ws_connect(world["base"].replace("http", "ws") + "/api/live") as ws:
                await ws.send_str(json.dumps({"session": session}))
                first = json.loads((await ws.receive(timeout=30)).data)
                assert first["type"] == "game" and first["game"]["game"]["id"] == table.game_id
                version = first["game"]["game"]["version"]
                # A tap on the board: the chat message is edited to the new version.
                async with http.post(world["base"] + "/api/game/action",
                                     headers={"Authorization": f"Bearer {session}"},
                                     json={"choice": first["game"]["decision"]["choices"][0]
                                           ["id"], "version": version}) as answer:
                    tapped = (await answer.json())["game"]["game"]["version"]
                await asyncio.to_thread(fake.wait_until, lambda: fake.messages[
                    table.message_id].version == tapped, 30)
                pushed = json.loads((await ws.receive(timeout=30)).data)
                assert pushed["game"]["game"]["version"] == tapped
                message = fake.messages[table.message_id]
                assert any(cid.startswith("sm:board:") for cid in message.custom_ids)
                # A click on the chat message: the board's view gets the new state.
                button = next(cid for cid in message.custom_ids if cid.startswith("sm:b:"))
                await asyncio.to_thread(fake.click_many, [(table.player, table.message_id,
                                                           button)])
                while True:
                    pushed = json.loads((await ws.receive(timeout=30)).data)
                    if pushed["game"]["game"]["version"] > tapped:
                        break

    run(scenario())


def test_other_participants_of_the_instance_watch_read_only(world):
    fake, table = world["fake"], world["tables"][0]
    message = fake.messages[table.message_id]
    launch = next((cid for cid in message.custom_ids if cid.startswith("sm:board:")), None)
    if launch is None:  # not edited by the bot yet in this run: tap once to show the button
        session = sign_in(world, table.player)["session"]
        _, _, model = run(call(world["base"], "GET", "/api/game", session=session))
        run(call(world["base"], "POST", "/api/game/action", session=session, body={
            "choice": model["decision"]["choices"][0]["id"],
            "version": model["game"]["version"]}))
        fake.wait_until(lambda: any(c.startswith("sm:board:")
                                    for c in fake.messages[table.message_id].custom_ids), 30)
        launch = next(c for c in fake.messages[table.message_id].custom_ids
                      if c.startswith("sm:board:"))
    [pressed] = fake.click_many([(table.player, table.message_id, launch)])
    fake.wait_answered([pressed])
    assert pressed.response_type == 12  # LAUNCH_ACTIVITY, the first response
    watcher = 77_777
    fake.activities.instance("i-watch", [table.player, watcher], CHANNEL_ID, GUILD_ID)
    session = sign_in(world, watcher, instance_id="i-watch")["session"]
    _, _, model = run(call(world["base"], "GET", "/api/game", session=session))
    assert model["viewer"] == "watcher" and model["game"]["id"] == table.game_id
    assert model["decision"]["choices"] == [] and all(
        card["choices"] == [] for card in model["cards"].values())
    status, _, answer = run(call(world["base"], "POST", "/api/game/action", session=session,
                                 body={"choice": "roll", "version": model["game"]["version"]}))
    assert (status, answer["error"]["code"]) == (403, "not_your_game")
    # Nor the Hint: no button for it, and asking is refused.
    assert model["hint"] is None
    status, _, answer = run(call(world["base"], "POST", "/api/game/action", session=session,
                                 body={"choice": "hint", "version": model["game"]["version"]}))
    assert (status, answer["error"]["code"]) == (403, "not_your_game")


def test_the_entry_point_command_launches_the_board(world):
    """The App Launcher's Entry Point (handler APP_HANDLER): answered with LAUNCH_ACTIVITY,
    the first response, not reported as an unknown command."""
    fake, table = world["fake"], world["tables"][2]
    pressed = fake.entry_point(table.player)
    fake.wait_answered([pressed])
    assert pressed.response_type == 12 and pressed.refused is None
    assert "Ignoring exception" not in world["bot"].log()


class InlinePool:
    """Rollouts in this process: a hint is the same however it is cut (bot.application.
    hints), so this tells what the bot's workers find for the same game and version."""

    size = 1

    async def run(self, fn: Any, /, *args: Any, **kwargs: Any) -> Any:
        return fn(*args, **kwargs)

    async def run_later(self, fn: Any, /, *args: Any, **kwargs: Any) -> Any:
        return fn(*args, **kwargs)


async def message_hint_lines(db: Any, game_id: int, user_id: int) -> list[str]:
    """The lines the game message's Hint (cogs/hint: `describe_hint`) gives for the game as
    it is, without the chat's bold marks."""
    from bot.application.hints import HintService
    from bot.narration.hints import describe_hint

    service = await GameService.open(db)
    try:
        record, hint = await HintService(service, InlinePool()).hint(game_id, user_id)
    finally:
        await service.close()
    return [line.replace("**", "") for line in describe_hint(hint, record.game, locale="en")]


def test_the_hint_on_the_board_says_what_the_messages_hint_says(world):
    table = world["tables"][1]
    session = sign_in(world, table.player)["session"]
    _, _, model = run(call(world["base"], "GET", "/api/game", session=session))
    version = model["game"]["version"]
    offer = model["hint"]
    assert offer["choice"]["id"] == "hint" and offer["choice"]["label"] == "Hint"
    assert offer["lines"] == []


    async def ask_with_a_view_open() -> tuple[int, Any, dict[str, Any]]:
        """Ask the Hint while another view of the player's is open: it is pushed there."""
        async with aiohttp.ClientSession() as http:
            async with http.ws_connect(world["base"].replace("http", "ws") + "/api/live") as ws:
                await ws.send_str(json.dumps({"session": session}))
                first = json.loads((await ws.receive(timeout=30)).data)
                assert first["game"]["hint"]["lines"] == []
                status, _, answer = await call(
                    world["base"], "POST", "/api/game/action", session=session,
                    body={"choice": offer["choice"]["id"], "version": version})
                pushed = json.loads((await ws.receive(timeout=30)).data)
                return status, answer, pushed

    status, answer, pushed = run(ask_with_a_view_open())
    assert status == 200, answer
    hinted = answer["game"]
    assert pushed["game"]["game"]["version"] == version
    assert pushed["game"]["hint"]["lines"] == hinted["hint"]["lines"]
    assert hinted["game"]["version"] == version  # a Hint moves nothing
    expected = run(message_hint_lines(world["db"], table.game_id, table.player))
    assert hinted["hint"]["lines"] == expected and expected[0].startswith("Hint")
    # Every model of that version says it too (a reload, the player's other views).
    _, _, again = run(call(world["base"], "GET", "/api/game", session=session))
    assert again["hint"]["lines"] == expected
    # An old version is refused as the message's Hint refuses it.
    status, _, stale = run(call(world["base"], "POST", "/api/game/action", session=session,
                                body={"choice": "hint", "version": version + 5}))
    assert (status, stale["error"]["code"]) == (409, "stale")


def test_a_board_closed_as_its_live_view_opens_is_no_error(world):
    """A page that goes away just as its live view sends the game (a board closed as it
    opened) is no error: nothing is left to tell, and the log holds no traceback."""
    table = world["tables"][2]
    session = sign_in(world, table.player)["session"]
    before = world["bot"].log().count("Traceback")

    async def open_and_leave() -> None:
        async with aiohttp.ClientSession() as http:
            for _ in range(40):
                ws = await http.ws_connect(world["base"].replace("http", "ws") + "/api/live")
                await ws.send_str(json.dumps({"session": session}))
                await asyncio.sleep(0.001 * (_ % 5))  # leaving at different moments
                ws._response.connection.transport.abort()  # the page gone, no close frame
                await ws.close()
            # Still served: one more view gets its game.
            async with http.ws_connect(world["base"].replace("http", "ws") + "/api/live") as ws:
                await ws.send_str(json.dumps({"session": session}))
                first = json.loads((await ws.receive(timeout=30)).data)
                assert first["type"] == "game"

    run(open_and_leave())
    time.sleep(0.5)
    assert world["bot"].log().count("Traceback") == before, world["bot"].log()[-3000:]

"""A Spanish-speaking player (a Discord client in es-ES or es-419) reads Spanish from the
first command to the last click, on the US board: no Spanish edition exists, so the board's
own names and cards are the US edition's, as for every player of that board.

simcord 3.2.1 always sends the locale en-US: the `interaction_locales` fixture (conftest)
gives one user's interactions a Spanish locale, and everything else is the real client.
"""

from __future__ import annotations

import string
from typing import Any

import pytest

from bot.i18n.squares import square_names
from bot.i18n import MESSAGES
from game_core.strategies import make_strategy

from .conftest import button_labels, components
from .playing import find_seed, play_out

SPANISH = ("es-ES", "es-419")


def _synced_commands(world) -> dict:
    [put] = [r for r in world.env.http_requests
             if r.method == "PUT" and r.path.endswith("/commands")]
    return {c["name"]: c for c in put.json}


def texts_of(message: Any) -> list[str]:
    """Every text a player reads on a message: content, embeds, components."""
    out = [message.content or ""]
    for embed in message.embeds:
        data = embed if isinstance(embed, dict) else embed.to_dict()
        out += [data.get("title", ""), data.get("description", ""),
                (data.get("footer") or {}).get("text", ""),
                (data.get("author") or {}).get("name", "")]
        for item in data.get("fields", []):
            out += [item["name"], item["value"]]
    for component in components(message):
        out += [component.get("label") or "", component.get("placeholder") or ""]
        out += [o["label"] for o in component.get("options", [])]
        out += [o.get("description") or "" for o in component.get("options", [])]
    return [text for text in out if text]


class Reader:
    """A player who keeps every reply they are shown, for the leak check below."""

    def __init__(self, member: Any) -> None:
        self.member, self.seen = member, []

    def _keep(self, result: Any) -> Any:
        for message in (result.response, *result.followups):
            if message is not None:
                self.seen += texts_of(message)
        return result

    async def click(self, message: Any, **kwargs: Any) -> Any:
        return self._keep(await self.member.click(message, **kwargs))

    async def select(self, message: Any, values: list[str], **kwargs: Any) -> Any:
        return self._keep(await self.member.select(message, values, **kwargs))

    async def slash(self, channel: Any, command: str, **kwargs: Any) -> Any:
        return self._keep(await self.member.slash(channel, command, **kwargs))


def english_only_phrases() -> set[str]:
    """Phrases of the English catalog a Spanish reader should never meet: each literal run
    between placeholders, of two words or more, that no Spanish text or US-board name also
    writes (the board's street and station names are every language's; its game terms and
    cards are worded in Spanish, bot.i18n.squares and the catalog's `card.*`)."""
    en, es = MESSAGES["en"], MESSAGES["es"]
    board = " ".join(square_names("us", "es"))
    spanish = " ".join(es.values())
    phrases = set()
    for key, template in en.items():
        if template == es[key]:
            continue
        for literal, *_ in string.Formatter().parse(template):
            phrase = " ".join(literal.strip(" .,:;()·—-*\n").split())
            if (len(phrase.split()) >= 2 and len(phrase) >= 8
                    and phrase not in spanish and phrase not in board):
                phrases.add(phrase)
    return phrases


@pytest.mark.parametrize("locale", SPANISH)
async def test_slash_commands_carry_spanish_for_both_spanish_locales(world, locale):
    monopoly = _synced_commands(world)["monopoly"]
    sub = {o["name"]: o for o in monopoly["options"]}
    assert sub["new"]["name_localizations"][locale] == "nueva"
    edition = next(o for o in sub["new"]["options"] if o["name"] == "edition")
    assert edition["name_localizations"][locale] == "edición"
    for name, command in sub.items():  # every subcommand has its Spanish name and text
        assert command.get("name_localizations", {}).get(locale), name
        assert command.get("description_localizations", {}).get(locale), name


async def test_a_whole_spanish_game_through_clicks_and_menus(world, seeds, interaction_locales):
    """E3 in Spanish: a game bought to its loss, debts raised through the menus, then the
    replies around it; Spanish words throughout, and no English text of the catalog."""
    interaction_locales[world.alice.id] = "es-419"
    options = {"start_cash": 300}
    seeds.append(find_seed(options, "lost", "always-buy", needs_menu=True))
    alice = Reader(world.alice)
    start = await alice.slash(world.channel, "monopoly new", start_cash=300)
    assert button_labels(start.response) == {"roll": "Tirar", "roll_on": MESSAGES["es"][
        "clicks.button.roll_on"]}
    final = await play_out(world, alice, start.response, make_strategy("always-buy"))
    alice.seen += texts_of(final)
    record = await world.env.bot.service.get(1)
    assert record.status == "lost" and record.game.edition == "us"  # the US board
    for command in ("monopoly status", "monopoly history", "monopoly stats",
                    "monopoly leaderboard", "monopoly rules", "monopoly board"):
        await alice.slash(world.channel, command)
    shown = "\n".join(alice.seen)
    assert final.embeds[0].title == "Monopoly en solitario: partida de alice"
    for word in ("partida", "Banco", "Tirar", "hipoteca", "Reglas del Monopoly en solitario"):
        assert word in shown, word
    assert "$" in shown and "\xa0$" in shown  # Spanish amounts: the sign after the number
    leaks = sorted(p for p in english_only_phrases() if p in shown)
    assert leaks == []
    assert world.env.errors == []

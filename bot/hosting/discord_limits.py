"""Discord's documented limits, checked on the payloads the bot sends.

Discord refuses a payload over one of these with a 400, and for the command tree that refusal
stops the bot at start-up: the bot measures its commands before it syncs them
(`bot.hosting.app.MonopolyBot.sync_commands`), and the tests check every payload the bot sends
through the Discord stand-ins (`tests/discord_contract.py`). Each check returns problems as
one line each (empty: within every limit); the line names where and the limit.

Sources (Discord's developer documentation, read 2026-11; "#…-" stands for
"#application-command-object-application-command-"):
  [CMD]   interactions/application-commands#…-structure
  [NAME]  interactions/application-commands#…-naming
  [OPT]   interactions/application-commands#…-option-structure
  [CHO]   interactions/application-commands#…-option-choice-structure
  [SIZE]  interactions/application-commands#slash-commands ("a maximum of 4000 characters for
          combined name, description, and value properties for each command, its options
          (including subcommands and groups), and choices. When localization fields are
          present, only the longest localization for each field (including the default
          value) is counted")
  [REG]   interactions/application-commands#registering-a-command (100 global commands)
  [LOC]   reference#locales
  [MSG]   resources/message#create-message (content 2,000; 10 embeds; 10 files)
  [EMB]   resources/message#embed-object-embed-limits
  [ATT]   resources/message#attachment-object (description 1,024)
  [CMP]   components/reference (5 action rows, 5 buttons a row, custom_id 1-100 and unique
          in a message, button label 80, select options 1-25, placeholder 150, option
          label/value/description 100)
  [ACB]   interactions/receiving-and-responding#interaction-callback-type (autocomplete:
          at most 25 choices)
  [RSP]   interactions/receiving-and-responding#responding-to-an-interaction (an answer
          within 3 s; the token lives 15 min; at most 5 follow-ups for an interaction from
          a user-installed app not installed in the server)
"""

from __future__ import annotations

import unicodedata
from collections.abc import Iterable, Mapping, Sequence
from typing import Any

import discord

# ---- commands ------------------------------------------------------------------------------
COMMAND_SIZE = 4000  # [SIZE]
COMMAND_BUDGET = 3000  # ours: room for a third language and the next feature
GLOBAL_COMMANDS = 100  # [REG]
NAME_LENGTH = 32  # [NAME]
DESCRIPTION_LENGTH = 100  # [CMD] [OPT]
OPTIONS = 25  # [CMD] [OPT]
CHOICES = 25  # [OPT]
CHOICE_NAME = 100  # [CHO]
CHOICE_VALUE = 100  # [CHO] (string values)
SUB_TYPES = (1, 2)  # SUB_COMMAND, SUB_COMMAND_GROUP [OPT]
LOCALES = frozenset(locale.value for locale in discord.Locale)  # [LOC]

# ---- messages ------------------------------------------------------------------------------
CONTENT = 2000  # [MSG]
EMBEDS = 10  # [MSG]
FILES = 10  # [MSG]
EMBED_TITLE, EMBED_DESCRIPTION, EMBED_FIELDS = 256, 4096, 25  # [EMB]
FIELD_NAME, FIELD_VALUE, FOOTER, AUTHOR, EMBED_TOTAL = 256, 1024, 2048, 256, 6000  # [EMB]
ATTACHMENT_DESCRIPTION = 1024  # [ATT]
ROWS, BUTTONS_PER_ROW, CUSTOM_ID, BUTTON_LABEL = 5, 5, 100, 80  # [CMP]
SELECT_OPTIONS, PLACEHOLDER, OPTION_TEXT = 25, 150, 100  # [CMP]
AUTOCOMPLETE_CHOICES = 25  # [ACB]

# ---- interactions --------------------------------------------------------------------------
ANSWER_SECONDS = 3.0  # [RSP]
TOKEN_SECONDS = 15 * 60  # [RSP]
USER_INSTALL_FOLLOWUPS = 5  # [RSP]


# ---- the command tree --------------------------------------------------------------------

def _longest(node: Mapping[str, Any], key: str) -> int:
    texts = [str(node.get(key) or "")]
    texts += [str(text) for text in (node.get(f"{key}_localizations") or {}).values()]
    return max(len(text) for text in texts)


def command_size(node: Mapping[str, Any]) -> int:
    """A command's size as Discord counts it [SIZE]: name, description and value of the
    command, of each option and sub-command at every level, and of each choice, each field
    counted in its longest localization."""
    size = _longest(node, "name") + _longest(node, "description")
    for choice in node.get("choices") or ():
        size += _longest(choice, "name") + len(str(choice.get("value", "")))
    for option in node.get("options") or ():
        size += command_size(option)
    return size


def _valid_name(name: str) -> bool:
    """[NAME]: ^[-_\\p{L}\\p{N}\\p{sc=Deva}\\p{sc=Thai}]{1,32}$, lowercase where a letter has a
    lowercase form."""
    if not 1 <= len(name) <= NAME_LENGTH or name != name.lower():
        return False
    for char in name:
        category = unicodedata.category(char)
        devanagari_or_thai = "\u0900" <= char <= "\u097f" or "\u0e00" <= char <= "\u0e7f"
        if not (char in "-_" or category[0] in "LN" or devanagari_or_thai):
            return False
    return True


def _texts(node: Mapping[str, Any], key: str) -> dict[str, str]:
    """The field in each locale: "" for the default, else the locale's code."""
    texts = {"": str(node.get(key) or "")}
    texts.update({str(k): str(v) for k, v in (node.get(f"{key}_localizations") or {}).items()})
    return texts


def _length(problems: list[str], what: str, text: str, most: int, least: int = 0) -> None:
    """One line when `text` is not `least` to `most` characters long."""
    if not least <= len(text) <= most:
        limit = f"{least}-{most}" if least else f"{most}"
        problems.append(f"{what} is {len(text)} characters (limit: {limit})")


def _in(locale: str) -> str:
    return f" ({locale})" if locale else ""


def _known_locales(problems: list[str], what: str, node: Mapping[str, Any], key: str) -> None:
    """[LOC]: every localization of `key` is under a Discord locale."""
    for locale in (node.get(f"{key}_localizations") or {}):
        if locale not in LOCALES:
            problems.append(f"{what} localization {locale!r} is not a Discord locale "
                            "(limit: reference#locales)")


def _check_node(node: Mapping[str, Any], where: str, problems: list[str], *,
                top_level: bool = False) -> None:
    for key in ("name", "description"):
        _known_locales(problems, f"{where}: {key}", node, key)
    for locale, name in _texts(node, "name").items():
        if not _valid_name(name):
            problems.append(f"{where}: name {name!r}{_in(locale)} "
                            "breaks ^[-_\\p{L}\\p{N}]{1,32}$, lowercase")
    if not (top_level and node.get("type", 1) in (2, 3)):  # context menus have none [CMD]
        for locale, text in _texts(node, "description").items():
            _length(problems, f"{where}: description{_in(locale)}", text, DESCRIPTION_LENGTH, 1)
    options = list(node.get("options") or ())
    if len(options) > OPTIONS:
        problems.append(f"{where}: {len(options)} options (limit: {OPTIONS})")
    _check_unique(options, where, problems)
    seen_optional = False
    for option in options:
        if option.get("type") in SUB_TYPES:
            continue
        if option.get("required") and seen_optional:
            problems.append(f"{where}: required option {option.get('name')!r} comes after an "
                            "optional one (limit: required options first)")
        seen_optional |= not option.get("required")
    choices = list(node.get("choices") or ())
    if len(choices) > CHOICES:
        problems.append(f"{where}: {len(choices)} choices (limit: {CHOICES})")
    for choice in choices:
        for locale, text in _texts(choice, "name").items():
            _length(problems, f"{where}: choice {text[:20]!r}{_in(locale)}", text,
                    CHOICE_NAME, 1)
        if isinstance(choice.get("value"), str):
            _length(problems, f"{where}: choice value", choice["value"], CHOICE_VALUE, 1)
        _known_locales(problems, f"{where}: choice", choice, "name")
    for option in options:
        _check_node(option, f"{where} {option.get('name')}", problems)


def _check_unique(nodes: Sequence[Mapping[str, Any]], where: str, problems: list[str]) -> None:
    """[NAME]: names unique per level, in every locale (a locale without its own name uses
    the default one)."""
    locales = {""} | {loc for node in nodes for loc in (node.get("name_localizations") or {})}
    for locale in sorted(locales):
        seen: set[str] = set()
        for node in nodes:
            texts = _texts(node, "name")
            name = texts.get(locale) or texts[""]
            if name in seen:
                problems.append(f"{where}: two options named {name!r}{_in(locale)} "
                                "(limit: unique names)")
            seen.add(name)


def check_commands(payload: Sequence[Mapping[str, Any]], *,
                   limit: int = COMMAND_SIZE) -> list[str]:
    """Every problem with a bulk overwrite of commands (what `CommandTree.sync` sends)."""
    problems: list[str] = []
    slash = [command for command in payload if command.get("type", 1) == 1]
    if len(slash) > GLOBAL_COMMANDS:
        problems.append(f"{len(slash)} slash commands (limit: {GLOBAL_COMMANDS})")
    by_type: dict[int, list[Mapping[str, Any]]] = {}
    for command in payload:
        by_type.setdefault(int(command.get("type", 1)), []).append(command)
    for commands in by_type.values():
        _check_unique(commands, "commands", problems)
    for command in payload:
        where = f"/{command.get('name')}"
        _check_node(command, where, problems, top_level=True)
        size = command_size(command)
        if size > limit:
            problems.append(f"{where} is {size:,} characters counted Discord's way "
                            f"(limit: {limit:,})")
    return problems


def sizes(payload: Iterable[Mapping[str, Any]]) -> list[tuple[str, int]]:
    """(name, size) of each top-level command, as Discord counts it."""
    return [(str(command.get("name")), command_size(command)) for command in payload]


# ---- messages ----------------------------------------------------------------------------

def embed_length(embed: Mapping[str, Any]) -> int:
    """What counts towards the 6,000 characters of a message's embeds [EMB]."""
    size = len(embed.get("title") or "") + len(embed.get("description") or "")
    size += len((embed.get("footer") or {}).get("text") or "")
    size += len((embed.get("author") or {}).get("name") or "")
    for field in embed.get("fields") or ():
        size += len(field.get("name") or "") + len(field.get("value") or "")
    return size


def _check_embed(embed: Mapping[str, Any], where: str, problems: list[str]) -> None:
    _length(problems, f"{where} title", embed.get("title") or "", EMBED_TITLE)
    _length(problems, f"{where} description", embed.get("description") or "", EMBED_DESCRIPTION)
    _length(problems, f"{where} footer", (embed.get("footer") or {}).get("text") or "", FOOTER)
    _length(problems, f"{where} author", (embed.get("author") or {}).get("name") or "", AUTHOR)
    fields = list(embed.get("fields") or ())
    if len(fields) > EMBED_FIELDS:
        problems.append(f"{where} has {len(fields)} fields (limit: {EMBED_FIELDS})")
    for i, field in enumerate(fields):
        _length(problems, f"{where} field {i} name", str(field.get("name") or ""), FIELD_NAME, 1)
        _length(problems, f"{where} field {i} value", str(field.get("value") or ""),
                FIELD_VALUE, 1)


def _check_components(rows: Sequence[Mapping[str, Any]], problems: list[str]) -> None:
    if len(rows) > ROWS:
        problems.append(f"{len(rows)} component rows (limit: {ROWS})")
    ids: list[str] = []
    for r, row in enumerate(rows):
        items = list(row.get("components") or ())
        if row.get("type") != 1:
            continue  # only action rows are sent by this bot
        selects = [item for item in items if item.get("type") in (3, 5, 6, 7, 8)]
        if len(items) > BUTTONS_PER_ROW or (selects and len(items) > 1):
            problems.append(f"row {r}: {len(items)} components (limit: {BUTTONS_PER_ROW} "
                            "buttons, or one select)")
        for item in items:
            custom_id = item.get("custom_id")
            if custom_id is not None:
                ids.append(str(custom_id))
                _length(problems, f"row {r}: custom_id", str(custom_id), CUSTOM_ID, 1)
            elif item.get("type") == 2 and not item.get("url") and not item.get("sku_id"):
                problems.append(f"row {r}: a button without custom_id or url")
            _length(problems, f"row {r}: label", item.get("label") or "", BUTTON_LABEL)
            _length(problems, f"row {r}: placeholder", item.get("placeholder") or "",
                    PLACEHOLDER)
            if item.get("type") == 3:
                options = list(item.get("options") or ())
                if not 1 <= len(options) <= SELECT_OPTIONS:
                    problems.append(f"row {r}: a select with {len(options)} options "
                                    f"(limit: 1-{SELECT_OPTIONS})")
                for option in options:
                    for key in ("label", "value", "description"):
                        _length(problems, f"row {r}: a select option's {key}",
                                str(option.get(key) or ""), OPTION_TEXT,
                                0 if key == "description" else 1)
    for custom_id in {i for i in ids if ids.count(i) > 1}:
        problems.append(f"custom_id {custom_id!r} is on two components (limit: unique)")


def check_message(message: Mapping[str, Any]) -> list[str]:
    """Every problem with a message as sent or edited (content, embeds, components,
    attachments)."""
    problems: list[str] = []
    _length(problems, "content", message.get("content") or "", CONTENT)
    embeds = list(message.get("embeds") or ())
    if len(embeds) > EMBEDS:
        problems.append(f"{len(embeds)} embeds (limit: {EMBEDS})")
    for i, embed in enumerate(embeds):
        _check_embed(embed, f"embed {i}", problems)
    total = sum(embed_length(embed) for embed in embeds)
    if total > EMBED_TOTAL:
        problems.append(f"embeds hold {total} characters in all (limit: {EMBED_TOTAL})")
    _check_components(list(message.get("components") or ()), problems)
    attachments = list(message.get("attachments") or ())
    if len(attachments) > FILES:
        problems.append(f"{len(attachments)} attachments (limit: {FILES})")
    for attachment in attachments:
        _length(problems, f"attachment {attachment.get('filename')!r} description",
                attachment.get("description") or "", ATTACHMENT_DESCRIPTION)
    return problems


def check_autocomplete(choices: Sequence[Mapping[str, Any]]) -> list[str]:
    """[ACB] [CHO]: an autocomplete answer."""
    problems = [f"{len(choices)} autocomplete choices (limit: {AUTOCOMPLETE_CHOICES})"] if len(
        choices) > AUTOCOMPLETE_CHOICES else []
    for choice in choices:
        _length(problems, "autocomplete choice name", str(choice.get("name") or ""),
                CHOICE_NAME, 1)
        if isinstance(choice.get("value"), str):
            _length(problems, "autocomplete choice value", choice["value"], CHOICE_VALUE)
    return problems


LAUNCH_ACTIVITY = 12  # interaction callback type


def check_callback(body: Mapping[str, Any]) -> list[str]:
    """An interaction callback: a message answer, an update, an autocomplete, a launch."""
    data = body.get("data") or {}
    if body.get("type") == LAUNCH_ACTIVITY:
        # Receiving and Responding > Interaction Callback Type: LAUNCH_ACTIVITY (12) "Launch
        # the Activity associated with the app", with no data (only for apps with
        # Activities enabled).
        return ["LAUNCH_ACTIVITY (12) takes no data"] if body.get("data") else []
    if body.get("type") == 8:
        return check_autocomplete(list(data.get("choices") or ()))
    if body.get("type") in (4, 7):
        return check_message(data)
    return []


__all__ = ["ANSWER_SECONDS", "COMMAND_BUDGET", "COMMAND_SIZE", "TOKEN_SECONDS",
           "USER_INSTALL_FOLLOWUPS", "check_callback", "check_commands", "check_message",
           "command_size", "embed_length", "sizes"]

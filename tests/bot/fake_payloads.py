"""What the loopback Discord stores and sends: messages as the players see them, and the
INTERACTION_CREATE payloads of button clicks, in Discord's documented shapes (API v10).

Kept apart from fake_discord.py (the server and its routes) so each file stays readable.
"""

from __future__ import annotations

import hashlib
import json
import re
import secrets
import time
from dataclasses import dataclass, field
from itertools import count
from typing import Any

from aiohttp import web

from bot.pictures.board_text import PAWN as TEXT_PAWN

BOT_USER = {"id": "100", "username": "monopoly", "discriminator": "0", "avatar": None,
            "global_name": None, "bot": True}
APPLICATION_ID = "100"
GUILD_ID = 900
CHANNEL_ID = 901
ALL_PERMISSIONS = str((1 << 53) - 1)  # what the bot and the players may do in the channel
EPHEMERAL = 1 << 6  # message flag
_ids = count(10**15)  # snowflakes handed out by this stand-in


def next_id() -> int:
    return next(_ids)


@dataclass
class Attachment:
    id: int
    filename: str
    size: int
    sha256: str  # of the file's bytes: tests compare it with the picture they expect

    def payload(self) -> dict[str, Any]:
        url = f"https://cdn.invalid/attachments/{self.id}/{self.filename}"
        return {"id": str(self.id), "filename": self.filename, "size": self.size, "url": url,
                "proxy_url": url, "content_type": "image/png"}


@dataclass
class Message:
    """A message as Discord holds it: what the players see now."""

    id: int
    channel_id: int
    content: str = ""
    embeds: list[dict[str, Any]] = field(default_factory=list)
    components: list[dict[str, Any]] = field(default_factory=list)
    attachments: list[Attachment] = field(default_factory=list)
    flags: int = 0
    edits: int = 0  # how many times the bot changed it
    pictures: int = 0  # how many of those changes uploaded a picture
    # (time.monotonic(), version of its controls, shows a picture) after each change
    history: list[tuple[float, int | None, bool]] = field(default_factory=list)
    # (time.monotonic(), version of its controls, what board it shows: "picture", "text"
    # (the text board in the embed's description, before its picture or without one) or "")
    boards: list[tuple[float, int | None, str]] = field(default_factory=list)
    deleted: bool = False
    guild_id: int = GUILD_ID  # the server it is in: a click on it goes to that server's shard

    @property
    def custom_ids(self) -> list[str]:
        return [c["custom_id"] for row in self.components for c in row.get("components", [])
                if "custom_id" in c]

    def button(self, action: str) -> str | None:
        """The custom_id of the button for `action` (sm:b:game:version:owner:action)."""
        return next((cid for cid in self.custom_ids
                     if cid.startswith("sm:b:") and cid.endswith(f":{action}")), None)

    @property
    def version(self) -> int | None:
        """The game version its controls were built for (None: no game controls)."""
        versions = {int(cid.split(":")[3]) for cid in self.custom_ids
                    if cid.startswith(("sm:b:", "sm:s:"))}
        return versions.pop() if len(versions) == 1 else None

    @property
    def picture(self) -> str | None:
        """The sha256 of the board picture the embed shows, if it shows one."""
        image = (self.embeds[0].get("image") or {}).get("url", "") if self.embeds else ""
        if not image.startswith("attachment://"):
            return None
        name = image.removeprefix("attachment://")
        return next((a.sha256 for a in self.attachments if a.filename == name), None)

    @property
    def board(self) -> str:
        """What board the message shows: "picture", "text" (the text board's grid, with its
        pawn, in the embed's description) or "" (none)."""
        if self.picture is not None:
            return "picture"
        description = (self.embeds[0].get("description") or "") if self.embeds else ""
        return "text" if TEXT_PAWN in description else ""

    def apply(self, body: dict[str, Any], files: dict[int, tuple[str, bytes]]) -> None:
        """An edit: the fields present replace the old ones; `attachments` lists what stays
        (by id) and the new files (by their index in the upload)."""
        for key in ("content", "embeds", "components", "flags"):
            if key in body:
                setattr(self, key, body[key] if body[key] is not None else
                        ("" if key == "content" else 0 if key == "flags" else []))
        if "attachments" in body:
            kept = {a.id: a for a in self.attachments}
            new: list[Attachment] = []
            for entry in body["attachments"] or []:
                index = int(entry["id"])
                if index in files:
                    name, data = files[index]
                    new.append(Attachment(next_id(), entry.get("filename") or name, len(data),
                                          hashlib.sha256(data).hexdigest()))
                elif index in kept:
                    new.append(kept[index])
            self.attachments = new
        self.edits += 1
        self.pictures += bool(files)
        self.history.append((time.monotonic(), self.version, self.picture is not None))
        self.boards.append((self.history[-1][0], self.version, self.board))

    def payload(self) -> dict[str, Any]:
        return {"id": str(self.id), "channel_id": str(self.channel_id),
                "guild_id": str(self.guild_id),
                "author": BOT_USER, "content": self.content, "timestamp": _now_iso(),
                "edited_timestamp": None, "tts": False, "mention_everyone": False,
                "mentions": [], "mention_roles": [], "pinned": False, "type": 0,
                "flags": self.flags, "embeds": self.embeds, "components": self.components,
                "attachments": [a.payload() for a in self.attachments]}


@dataclass
class Interaction:
    """One interaction sent to the bot, and what became of its answer."""

    id: int
    token: str
    user_id: int
    message_id: int | None  # the message whose component was used
    dispatched: float  # time.monotonic() when the event left for the bot
    deadline: float  # seconds after `dispatched` within which an answer is accepted
    acked: float | None = None  # when an answer was accepted
    refused: int | None = None  # the error code of a refused answer (10062: too late)
    response_type: int | None = None
    response_message_id: int | None = None  # the message its answer posted, if any
    shard: int = 0  # the shard of its server: the gateway connection it was sent on
    # No connection owned its shard (the bot's process for it was down): never sent, and
    # Discord shows the player "This interaction failed" after 3 s.
    undelivered: bool = False
    cut: bool = False  # sent, but its connection closed before it was answered
    replies: list[str] = field(default_factory=list)  # the ephemeral texts answering it

    @property
    def ack_seconds(self) -> float | None:
        return None if self.acked is None else self.acked - self.dispatched


def guild_on_shard(shard: int, shards: int, n: int = 0) -> int:
    """The `n`-th server id whose shard is `shard` of `shards`: Discord's rule is
    shard_id = (guild_id >> 22) % num_shards
    (https://discord.com/developers/docs/events/gateway#sharding). GUILD_ID is shard 0's
    first."""
    return ((n * shards + shard) << 22) | GUILD_ID


def shard_of(guild_id: int, shards: int) -> int:
    return (guild_id >> 22) % shards


def channel_payload(guild_id: int = GUILD_ID) -> dict[str, Any]:
    return {"id": str(CHANNEL_ID), "type": 0, "guild_id": str(guild_id), "name": "games",
            "position": 0, "permission_overwrites": [], "nsfw": False, "parent_id": None}


def member_payload(user_id: int) -> dict[str, Any]:
    user = {"id": str(user_id), "username": f"player{user_id}", "discriminator": "0",
            "avatar": None, "global_name": None}
    return {"user": user, "roles": [], "joined_at": "2024-01-01T00:00:00+00:00", "deaf": False,
            "mute": False, "flags": 0, "permissions": ALL_PERMISSIONS}


def click_payload(interaction: Interaction, message: Message, custom_id: str,
                  *, locale: str = "en-US") -> dict[str, Any]:
    """INTERACTION_CREATE for a button press on `message` by the interaction's user."""
    guild = message.guild_id
    return {"id": str(interaction.id), "application_id": APPLICATION_ID, "type": 3,
            "token": interaction.token, "version": 1,
            "data": {"custom_id": custom_id, "component_type": 2},
            "guild_id": str(guild), "channel_id": str(CHANNEL_ID),
            "channel": channel_payload(guild), "member": member_payload(interaction.user_id),
            "app_permissions": ALL_PERMISSIONS, "locale": locale, "guild_locale": "en-US",
            "entitlements": [], "authorizing_integration_owners": {"0": str(guild)},
            "context": 0, "attachment_size_limit": 26214400, "message": message.payload()}


def new_interaction(user_id: int, message_id: int | None, deadline: float) -> Interaction:
    return Interaction(next_id(), secrets.token_urlsafe(24), user_id, message_id,
                       time.monotonic(), deadline)


def roll_button_row(game_id: int, version: int, owner_id: int) -> list[dict[str, Any]]:
    """The controls of a game message waiting for its first roll, as the bot posts them."""
    return [{"type": 1, "components": [{
        "type": 2, "style": 1, "label": "Roll the dice",
        "custom_id": f"sm:b:{game_id}:{version}:{owner_id}:roll"}]}]


async def read_body(request: web.Request) -> tuple[dict[str, Any], dict[int, tuple[str, bytes]]]:
    """A JSON body, or a multipart one (payload_json and files[n]) as discord.py sends files."""
    if not request.content_type.startswith("multipart/"):
        return (await request.json() if request.can_read_body else {}), {}
    boundary = re.search(r'boundary="?([^";]+)', request.headers["Content-Type"])
    assert boundary is not None, request.headers["Content-Type"]
    body: dict[str, Any] = {}
    files: dict[int, tuple[str, bytes]] = {}
    for part in (await request.read()).split(b"--" + boundary[1].encode())[1:-1]:
        head, _, content = part.partition(b"\r\n\r\n")
        content = content.removesuffix(b"\r\n")
        name = re.search(rb'name="([^"]*)"', head)
        filename = re.search(rb'filename="([^"]*)"', head)
        if name is None:
            continue
        if name[1] == b"payload_json":
            body = json.loads(content)
        elif name[1].startswith(b"files["):
            files[int(name[1][6:-1])] = (filename[1].decode() if filename else "", content)
    return body, files


def json_response(payload: Any, status: int = 200,
                  headers: dict[str, str] | None = None) -> web.Response:
    # Exactly "application/json", as Discord sends it: discord.py parses nothing else
    # (aiohttp's json_response would add "; charset=utf-8").
    return web.Response(body=json.dumps(payload).encode(), content_type="application/json",
                        status=status, headers=headers)


def error(status: int, code: int, message: str) -> web.Response:
    return json_response({"message": message, "code": code}, status)


def _now_iso() -> str:
    return time.strftime("%Y-%m-%dT%H:%M:%S+00:00", time.gmtime())

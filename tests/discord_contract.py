"""Discord's contract, applied to everything the bot sends through simcord.

simcord, like any test double, checks none of Discord's limits. This module stands between
the bot and simcord's REST router in every test (`tests/conftest.py` installs it): each request
is checked against Discord's documented limits (`bot.hosting.discord_limits`, each limit
cited there) before simcord sees it. A payload that breaks one is refused as Discord refuses
it (400, error 50035) and is kept; the test that produced it then fails, naming the request
and the limit.

It also says what Discord says about who installed the app: `authorizing_integration_owners`
(simcord 3.2.1 always sends `{}`). A server's interactions come from the app installed in that
server (`{"0": server id}`), a DM's from the bot's own DM (`{"0": "0"}`); a user named in
`installs` uses the app installed to their account (`{"1": user id}`) and, in a server,
nothing else. Interaction timing: an answer within 3 s of the interaction, on simcord's clock
(a test that moves it) and on the machine's (`time.perf_counter`, which simcord leaves alone);
follow-ups and edits while its 15-minute token lives; at most 5 follow-ups for an interaction
of a user-installed app that the server hasn't installed.
"""

from __future__ import annotations

import re
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

import simcord.http.router as simcord_router
import simcord.interactions as simcord_interactions
from simcord.backend.errors import BackendError

from bot.hosting import discord_limits as limits

_COMMANDS = re.compile(r"/applications/\d+(/guilds/\d+)?/commands$")
_CALLBACK = re.compile(r"/interactions/(\d+)/([^/]+)/callback$")
_FOLLOWUP = re.compile(r"/webhooks/\d+/([^/]+)$")
_WEBHOOK_MESSAGE = re.compile(r"/webhooks/\d+/([^/]+)/messages/[^/]+$")
_CHANNEL_MESSAGE = re.compile(r"/channels/\d+/messages(/\d+)?$")
# What a user-installed app may do in a server that hasn't installed it: post its answers
# with pictures (Attach Files, Embed Links), whatever the bot's own member could there.
USER_APP_PERMISSIONS = (1 << 15) | (1 << 14)


@dataclass
class Contract:
    """What the bot sent that Discord would refuse, and who installed the app for whom."""

    violations: list[str] = field(default_factory=list)
    installs: dict[int, str] = field(default_factory=dict)  # user id -> "user"
    user_installed: set[str] = field(default_factory=set)  # tokens of user-install interactions
    followups: dict[str, int] = field(default_factory=dict)  # token -> follow-ups sent
    sent: dict[int, float] = field(default_factory=dict)  # interaction id -> perf_counter
    slowest: float = 0.0  # the longest wait for an answer, in seconds of the machine's clock

    def owners(self, guild_id: int | None, user_id: int) -> dict[str, str]:
        if self.installs.get(user_id) == "user":
            return {"1": str(user_id)}
        return {"0": str(guild_id or 0)}

    def check(self, backend: Any, method: str, path: str, body: Any) -> list[str]:
        path = path.split("?")[0]
        if method == "PUT" and _COMMANDS.search(path):
            return limits.check_commands(body or [])
        found = _CALLBACK.search(path)
        if method == "POST" and found:
            record = backend.interactions.get(int(found[1]))
            late = record is not None and not record.responded and \
                record.initial_response_deadline is not None and \
                backend.now_iso() >= record.initial_response_deadline
            problems = limits.check_callback(body or {})
            waited = time.perf_counter() - self.sent.get(int(found[1]), time.perf_counter())
            self.slowest = max(self.slowest, waited)
            if waited > limits.ANSWER_SECONDS and not (record is not None and record.responded):
                problems.append(f"answered {waited:.1f} s after the interaction (limit: "
                                f"{limits.ANSWER_SECONDS:g} s)")
            if late:
                problems.append(f"answered after {limits.ANSWER_SECONDS:g} s (limit: "
                                f"{limits.ANSWER_SECONDS:g} s)")
            return problems
        found = _FOLLOWUP.search(path)
        if method == "POST" and found:
            token = found[1]
            problems = limits.check_message(body or {}) + self._token_problems(backend, token)
            count = self.followups[token] = self.followups.get(token, 0) + 1
            if token in self.user_installed and count > limits.USER_INSTALL_FOLLOWUPS:
                problems.append(f"follow-up {count} to a user-installed app's interaction "
                                f"(limit: {limits.USER_INSTALL_FOLLOWUPS})")
            return problems
        found = _WEBHOOK_MESSAGE.search(path)
        if method == "PATCH" and found:
            return limits.check_message(body or {}) + self._token_problems(backend, found[1])
        if method in ("POST", "PATCH") and _CHANNEL_MESSAGE.search(path):
            return limits.check_message(body or {})
        return []

    @staticmethod
    def _token_problems(backend: Any, token: str) -> list[str]:
        interaction_id = backend.interaction_tokens.get(token)
        record = backend.interactions.get(interaction_id) if interaction_id else None
        if record is not None and record.expires_at is not None and \
                backend.now_iso() >= record.expires_at:
            return [f"used an interaction token after {limits.TOKEN_SECONDS // 60} minutes "
                    f"(limit: {limits.TOKEN_SECONDS // 60} minutes)"]
        return []


def install(monkeypatch: Any) -> Contract:
    """Put the contract between the bot and simcord for one test."""
    contract = Contract()
    dispatch: Callable[..., Any] = simcord_router.dispatch
    base_payload: Callable[..., Any] = simcord_interactions.base_payload

    def checked_dispatch(backend: Any, method: str, path: str, **kwargs: Any) -> Any:
        problems = contract.check(backend, method, path, kwargs.get("json"))
        if problems:
            contract.violations.extend(f"{method} {path}: {problem}" for problem in problems)
            raise BackendError(400, 50035, "Invalid Form Body: " + "; ".join(problems))
        return dispatch(backend, method, path, **kwargs)

    def owned_payload(backend: Any, **kwargs: Any) -> Any:
        record, payload = base_payload(backend, **kwargs)
        contract.sent[record.id] = time.perf_counter()
        owners = contract.owners(kwargs.get("guild_id"), kwargs["user_id"])
        payload["authorizing_integration_owners"] = owners
        if "1" in owners:
            contract.user_installed.add(record.token)
            if kwargs.get("guild_id") is not None:
                payload["context"] = 0
                payload["app_permissions"] = str(USER_APP_PERMISSIONS)
            else:  # a DM or group DM of the player's, not the bot's
                payload["context"] = 2
        return record, payload

    monkeypatch.setattr(simcord_router, "dispatch", checked_dispatch)
    monkeypatch.setattr(simcord_interactions, "base_payload", owned_payload)
    return contract


__all__ = ["Contract", "install"]

"""README's "Metrics, health and logs": the metrics its table, its scrape example and its
alert rules name are the ones the endpoint serves, and every one it serves is in the
table."""

from __future__ import annotations

import re
from pathlib import Path

import aiohttp
from prometheus_client.parser import text_string_to_metric_families

from bot.hosting.app import MonopolyBot
from bot.hosting.observability import Observability
from bot.hosting.settings import Settings

README = (Path(__file__).resolve().parents[3] / "README.md").read_text(encoding="utf-8")
# The names a family's samples take, and the one the README's table gives it.
SAMPLES = {"counter": ("_total",), "histogram": ("_bucket", "_count", "_sum", "")}


def section() -> str:
    found = re.search(r"### Metrics, health and logs\n(.*?)(?=\n## |\n### )", README,
                      re.DOTALL)
    assert found, "README has no Metrics, health and logs section"
    return found[1]


async def served() -> tuple[set[str], set[str]]:
    """(every name a query may use, each family's name as the table gives it), from a
    scrape of a bot's endpoint."""
    bot = MonopolyBot(Settings(token="readme", metrics_port=0), sync_commands=False)
    observing = Observability.of(bot)
    await observing.start()
    try:
        async with aiohttp.ClientSession() as session, \
                session.get(f"http://127.0.0.1:{observing.port}/metrics") as response:
            text = await response.text()
    finally:
        await observing.stop()
    names, families = set(), set()
    for family in text_string_to_metric_families(text):
        if family.name.endswith("_created"):  # the client library's own timestamps
            continue
        suffixes = SAMPLES.get(family.type, ("",))
        names |= {family.name + suffix for suffix in suffixes}
        families.add(family.name + suffixes[0] if family.type == "counter" else family.name)
    return names, families


async def test_every_metric_the_readme_names_is_served_and_every_one_served_is_named():
    names, families = await served()
    text = section()
    named = set(re.findall(r"\bmonopoly_[a-z_]+\b", text))
    assert named and named - names == set(), "the README names metrics nobody serves"
    rows = re.findall(r"^\| (`monopoly_[^|]+)\|", text, re.MULTILINE)
    in_table = {name for row in rows for name in re.findall(r"`(monopoly_[a-z_]+)`", row)}
    assert families - in_table == set(), "metrics served but missing from the README's table"


def test_the_scrape_example_and_the_alert_rules_name_served_metrics():
    blocks = re.findall(r"```yaml\n(.*?)```", section(), re.DOTALL)
    scrape = next(b for b in blocks if "scrape_configs:" in b)
    targets = re.search(r"targets: \[(.*)\]", scrape)
    assert targets and all(re.fullmatch(r'"[a-z-]+:\d+"', t.strip())
                           for t in targets[1].split(","))
    rules = next(b for b in blocks if "groups:" in b)
    alerts = re.findall(r"- alert: (\w+).*\n\s+expr: (.+)\n\s+for: (\d+m)", rules)
    assert len(alerts) == rules.count("- alert:") >= 4
    exprs = " ".join(expr for _, expr, _ in alerts)
    # The handful worth setting: answer time p99, failures, the database, queue depth.
    for wanted in ("histogram_quantile(0.99", "monopoly_interaction_ack_seconds_bucket",
                   'monopoly_interactions_total{outcome="failed"}', "monopoly_db_errors_total",
                   "monopoly_worker_queue_depth"):
        assert wanted in exprs, wanted
    assert all(expr.count("(") == expr.count(")") for _, expr, _ in alerts)

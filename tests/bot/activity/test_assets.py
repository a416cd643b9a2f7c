"""The page's files under content-hashed names; index.html points at them (issue 36,
point 2: cache-busting names, index.html not cached)."""

from __future__ import annotations

import hashlib
from pathlib import Path

from bot.activity.assets import Assets, hashed_name


def test_names_change_with_the_content(tmp_path: Path):
    assert hashed_name("app.js", b"a") != hashed_name("app.js", b"b")
    assert hashed_name("vendor/sdk.js", b"a").startswith("vendor/sdk.")


def test_a_files_hashed_name_and_etag_are_cut_from_its_sha256(tmp_path: Path):
    """docs/activity-api.md: `/static/<stem>.<first 8 hex of sha256>.<ext>`; its ETag
    revalidates the plain name (and index.html) from the same content hash."""
    (tmp_path / "index.html").write_text('<script src="static/app.js"></script>')
    (tmp_path / "app.js").write_bytes(b"export {};")
    assets = Assets(tmp_path)  # type: ignore[arg-type]
    digest = hashlib.sha256(b"export {};").hexdigest()
    asset = assets.plain["app.js"]
    assert asset.etag == f'"{digest[:16]}"' and assets.hashed[f"app.{digest[:8]}.js"] is asset
    assert assets.urls["app.js"] == f"/static/app.{digest[:8]}.js"
    page = assets.index.body
    assert assets.index.etag == f'"{hashlib.sha256(page).hexdigest()[:16]}"'
    assert assets.index.etag != assets.plain["index.html"].etag  # its references rewritten


def test_index_points_at_the_hashed_files(tmp_path: Path):
    (tmp_path / "index.html").write_text(
        '<script type="module" src="static/app.js"></script>'
        '<link rel="stylesheet" href="/static/style.css"><img src="static/missing.png">')
    (tmp_path / "app.js").write_text("export {};")
    (tmp_path / "style.css").write_text("body{}")
    (tmp_path / ".hidden").write_text("secret")
    assets = Assets(tmp_path)  # type: ignore[arg-type]
    html = assets.index.body.decode()
    assert assets.urls["app.js"] in html and assets.urls["style.css"] in html
    assert 'src="static/missing.png"' in html  # nothing to point at: left as it is
    assert ".hidden" not in assets.plain
    assert assets.plain["app.js"].content_type.startswith("text/javascript")


def test_the_packaged_page_is_served():
    assets = Assets()
    assert "index.html" in assets.plain and assets.index.body.startswith(b"<!doctype html>")

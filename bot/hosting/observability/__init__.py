"""What the bot tells the people who run it: metrics (Prometheus), health and readiness
probes, and the context of its JSON log lines. See `endpoint` for the whole, README
"Running a cluster" for the operator's side."""

from .clicks import ClickKinds, failed, refused
from .endpoint import Observability

__all__ = ["ClickKinds", "Observability", "failed", "refused"]

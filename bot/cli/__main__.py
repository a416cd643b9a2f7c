"""`python -m bot.cli ...`: the same as `solo-monopoly ...`."""

import sys

from .main import main

sys.exit(main())

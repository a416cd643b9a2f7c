"""Playing: the game message, its controls, and what a click does (starting, playing on,
resigning)."""

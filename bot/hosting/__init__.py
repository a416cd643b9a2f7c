"""Running the bot process: settings from the environment, the Discord client's start-up,
the worker processes for CPU-heavy work, and the log filter that keeps tokens out."""

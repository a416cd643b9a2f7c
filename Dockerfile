# The bot as a container, for the docker-compose example in the README's "Scaling out".
# Only the three packages are copied: no tests, no .env (the token comes from the environment).
FROM python:3.11-slim
WORKDIR /app
COPY pyproject.toml README.md ./
COPY game_core game_core
COPY bot bot
COPY cogs cogs
RUN pip install --no-cache-dir . \
    && useradd --system --no-create-home monopoly \
    && mkdir data && chown monopoly data
# Not root: the bot needs no privilege. With SQLite, mount a volume on /app/data.
USER monopoly
CMD ["python", "-m", "bot"]

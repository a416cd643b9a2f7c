"""The Activity (the board in Discord): its web server, its launch button and the Entry Point
command's answer, an adapter beside the cogs (docs/activity-api.md)."""

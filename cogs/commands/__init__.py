"""The slash-command groups `/monopoly` and `/monopoly-daily`: each command asks a feature
package and shows its answer (README, "Commands")."""

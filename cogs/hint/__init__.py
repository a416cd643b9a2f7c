"""The Hint: the odds of each choice open now, and one click to carry out a plan it weighed."""

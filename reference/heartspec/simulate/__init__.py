"""`heartspec simulate`: rulesets compared by play over the same deals (see docs/simulate.md)."""

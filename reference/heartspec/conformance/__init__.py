"""The conformance suite: Gherkin scenarios from the guides, run against any engine over the protocol."""

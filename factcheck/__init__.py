"""factcheck: a pre-publication fact-checker for technical newsletters about AI software."""

__version__ = "0.1.0"

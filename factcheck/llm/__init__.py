"""The optional LLM second opinion: ``client`` (bounded, counted requests to any
OpenAI-compatible endpoint), ``cache`` (answers and endpoint modes on disk),
``compat`` (the structured-output forms servers accept) and ``review`` (claim
extraction, judgement, and the graph node that runs them)."""

"""The public entry points: check a draft's text or file and get a Report.

The CLI, the CI command and the web app all come through here, so they share one
core. A run is recorded in a SQLite checkpoint (unless switched off) under a
thread id; a run interrupted part-way resumes from its last finished step when it
is started again with the same thread id.
"""
from __future__ import annotations

import asyncio
import hashlib
from contextlib import AsyncExitStack
from pathlib import Path
from typing import Any

from .draft import load_draft
from .errors import InputError
from .facts_cache import FactsCache
from .graph import Progress, RunContext, build_graph
from .models import Report
from .regex_cache import cache_directory
from .settings import Settings
from .sources import SourceProvider
from .sources.archive import ArchiveSources


def default_thread_id(text: str, name: str, provider: SourceProvider) -> str:
    """Same draft, same sources -> same thread, so a rerun after a crash resumes."""
    where = getattr(provider, "origin", type(provider).__name__)
    digest = hashlib.sha256(f"{name}\x00{where}\x00{text}".encode()).hexdigest()[:24]
    return f"check-{digest}"


def _llm_hook(settings: Settings):
    """The LLM second-opinion node's body, when a model is configured."""
    if not settings.llm.enabled:
        return None
    try:
        from .llm.review import graph_node
    except ImportError:
        return None
    return graph_node


async def check_text_async(text: str, name: str, settings: Settings, provider: SourceProvider, *,
                           thread_id: str | None = None, progress: Progress | None = None) -> Report:
    # The lexicon, built on first use, keeps its compiled patterns in the cache directory.
    with cache_directory(settings.cache_dir):
        return await _check(text, name, settings, provider, thread_id, progress)


async def _check(text: str, name: str, settings: Settings, provider: SourceProvider, thread_id: str | None,
                 progress: Progress | None) -> Report:
    facts_cache = (FactsCache(settings.facts_cache_path, settings.facts_cache_max_bytes)
                   if settings.facts_cache_max_bytes != 0 else None)
    context = RunContext(provider=provider, settings=settings, progress=progress,
                         llm_review=_llm_hook(settings), facts_cache=facts_cache,
                         claims_cache=facts_cache.claims(name) if facts_cache is not None else None)
    async with AsyncExitStack() as stack:
        checkpointer = None
        if settings.use_checkpoint:
            from .checkpoints import open_checkpointer

            checkpointer = await stack.enter_async_context(open_checkpointer(settings))
        graph = build_graph(checkpointer)
        thread = thread_id or default_thread_id(text, name, provider)
        config: dict[str, Any] = {"configurable": {"thread_id": thread}, "recursion_limit": 50}
        start: dict | None = {"text": text, "name": name}
        if checkpointer is not None:
            snapshot = await graph.aget_state(config)
            if snapshot.next:  # an unfinished run of this thread: resume it
                context.say(f"resuming {config['configurable']['thread_id']} at {', '.join(snapshot.next)}")
                start = None
                context.restore(snapshot.values, [r for t in snapshot.tasks if t.name == "fetch"
                                                  and isinstance(t.result, dict) for r in t.result.get("fetched", [])])
            elif snapshot.values:  # a finished run: start afresh, reducers must not add to it
                await checkpointer.adelete_thread(config["configurable"]["thread_id"])
        final = await graph.ainvoke(start, config, context=context)
        if checkpointer is not None:
            await _prune_finished(checkpointer, thread, settings, context)
    if facts_cache is not None:
        await asyncio.to_thread(facts_cache.finish)
    return Report.model_validate(final["report"])


async def _prune_finished(checkpointer: Any, thread: str, settings: Settings, context: RunContext) -> None:
    """A finished run keeps nothing in the store (its report is the result), and runs
    interrupted long ago go too: the store does not grow with the drafts checked."""
    from .checkpoints import prune, prune_stale_threads, thread_bytes

    context.say(f"checkpoint: {await thread_bytes(checkpointer, thread)} bytes for this run; thread pruned")
    await checkpointer.adelete_thread(thread)
    if settings.checkpoint_url:
        if settings.checkpoint_max_age is not None:
            await prune_stale_threads(checkpointer, settings.checkpoint_max_age)
    else:
        await asyncio.to_thread(prune, settings.checkpoint_path, max_age=settings.checkpoint_max_age,
                                max_bytes=settings.checkpoint_max_bytes, vacuum=False)


def check_text(text: str, name: str, settings: Settings, provider: SourceProvider, *,
               thread_id: str | None = None, progress: Progress | None = None) -> Report:
    return asyncio.run(check_text_async(text, name, settings, provider, thread_id=thread_id, progress=progress))


async def check_path_async(path: Path, settings: Settings, *, sources_dir: Path | None = None,
                           provider: SourceProvider | None = None, thread_id: str | None = None,
                           progress: Progress | None = None) -> Report:
    with cache_directory(settings.cache_dir):  # the draft's project-name pattern is kept there
        draft = load_draft(path, repos=settings.repos)  # raises InputError with file and line
    if provider is not None:
        return await check_text_async(draft.text, str(path), settings, provider, thread_id=thread_id,
                                      progress=progress)
    if sources_dir is not None:
        archive = ArchiveSources.from_dir(sources_dir, settings.fetch.max_bytes)
        for problem in archive.problems:
            if progress:
                progress(f"warning: {problem}")
        return await check_text_async(draft.text, str(path), settings, archive, thread_id=thread_id,
                                      progress=progress)
    try:
        from .sources.live import LiveSources
    except ImportError as exc:  # pragma: no cover - the live fetcher ships with the package
        raise InputError(f"live fetching is not available ({exc}); pass --sources DIR") from None
    async with LiveSources(settings) as live:
        return await check_text_async(draft.text, str(path), settings, live, thread_id=thread_id,
                                      progress=progress)


def check_path(path: Path, settings: Settings, *, sources_dir: Path | None = None,
               provider: SourceProvider | None = None, thread_id: str | None = None,
               progress: Progress | None = None) -> Report:
    return asyncio.run(check_path_async(path, settings, sources_dir=sources_dir, provider=provider,
                                        thread_id=thread_id, progress=progress))

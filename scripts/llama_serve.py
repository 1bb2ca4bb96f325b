"""Serve one GGUF with llama-cpp-python's OpenAI-compatible server, with the model loaded
``use_extra_bufts=False``. Run by ``scripts/llm-server serve`` with the server virtualenv's
Python (it imports llama_cpp, which the project's own virtualenv does not have).

Why not ``python -m llama_cpp.server``: on AMX-capable Xeons the server segfaulted on the
first request while llama.cpp repacked weights into its "extra" CPU buffer types, and
llama-cpp-python 0.3.36 has no setting or flag for ``use_extra_bufts`` (its ModelSettings
do not carry it). llama.Llama builds its model params from
``llama_cpp.llama_model_default_params()``, so the default is turned off there, before
the app loads the model.
"""
from __future__ import annotations

import argparse

import llama_cpp.llama_cpp as lib
import uvicorn
from llama_cpp.server.app import create_app
from llama_cpp.server.settings import ModelSettings, ServerSettings

_default_params = lib.llama_model_default_params


def _params_without_extra_bufts() -> lib.llama_model_params:
    params = _default_params()
    params.use_extra_bufts = False
    return params


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--model", required=True, help="path of the GGUF")
    parser.add_argument("--alias", required=True, help="the model name clients send")
    parser.add_argument("--host", default="127.0.0.1")
    parser.add_argument("--port", type=int, default=8080)
    parser.add_argument("--n-ctx", type=int, default=8192)
    parser.add_argument("--threads", type=int, default=None)
    args = parser.parse_args()
    lib.llama_model_default_params = _params_without_extra_bufts
    model = {"model": args.model, "model_alias": args.alias, "n_ctx": args.n_ctx, "verbose": False}
    if args.threads:
        model |= {"n_threads": args.threads, "n_threads_batch": args.threads}
    app = create_app(server_settings=ServerSettings(host=args.host, port=args.port),
                     model_settings=[ModelSettings(**model)])
    uvicorn.run(app, host=args.host, port=args.port, log_level="info")


if __name__ == "__main__":
    main()

"""Prompt files for the optional LLM second opinion, shipped as package data."""

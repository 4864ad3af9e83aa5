"""Fixtures for the agent tests: the agent runner and the compiled fixture classes (package `ag`)."""

from __future__ import annotations

from pathlib import Path

import pytest
from agentio import AgentRunner, compile_fixtures

from jtc.java.bundle import agent_jar

FIXTURE_SOURCES = Path(__file__).resolve().parent / "fixtures"


@pytest.fixture(scope="session")
def agent(tmp_path_factory: pytest.TempPathFactory) -> AgentRunner:
    return AgentRunner([agent_jar()], tmp_path_factory.mktemp("agent-programs"))


@pytest.fixture(scope="session")
def fixture_classes(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """tests/agent/fixtures compiled with debug information (package `ag`)."""
    return compile_fixtures(FIXTURE_SOURCES, tmp_path_factory.mktemp("agent-fixtures"))

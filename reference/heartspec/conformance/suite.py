"""The pytest module that turns every shipped feature file into tests.

The plugin adds this file to a run only when an engine is named, so a plain
pytest run elsewhere never collects it.
"""

from pytest_bdd import scenarios

from heartspec.conformance.plugin import FEATURE_FILES
from heartspec.conformance.steps import *  # noqa: F401,F403 - pytest-bdd finds steps and fixtures by name here
from heartspec.conformance.protocol_steps import *  # noqa: F401,F403 - the protocol scenarios' own steps
from heartspec.paths import data_dir

scenarios(*(map(str, FEATURE_FILES) if FEATURE_FILES else [str(data_dir("features"))]))

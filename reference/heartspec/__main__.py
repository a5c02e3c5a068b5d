"""`python -m heartspec`: the `heartspec` command, where its console script is not on PATH."""

from heartspec.cli import main

main()

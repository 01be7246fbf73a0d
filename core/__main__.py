"""``python -m core``: the command line (see core.cli for the interface)."""

from .cli import main

raise SystemExit(main())
